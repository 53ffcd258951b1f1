import { useRef, useState } from "react"
import type { Checked } from "../../../../domain/catalogAdmin"
import { errorMessage, focusFirstError, serverFieldErrors } from "../../../components/admin/Field"
import { toast } from "../../../lib/toast"

/**
 * One save path for the collection and product forms: the shared rules first (errors beside their fields, focus
 * on the first), then the server; its refusal names fields by the same rules. The spec's toasts either way.
 */
export function useFormSubmit<D, F extends string, R>(options: {
  validate: (draft: D) => Checked<unknown, F>
  save: (draft: D) => Promise<R>
  toasts: { readonly success: string; readonly failure: string }
  onSaved: (saved: R) => void
}) {
  const formRef = useRef<HTMLFormElement>(null)
  const [errors, setErrors] = useState<Partial<Record<F, string>>>({})
  const [busy, setBusy] = useState(false)
  const submit = async (draft: D) => {
    const checked = options.validate(draft)
    if (!checked.ok) {
      setErrors(checked.errors)
      focusFirstError(formRef.current)
      return
    }
    setErrors({})
    setBusy(true)
    let saved: { value: R } | null = null
    try {
      saved = { value: await options.save(draft) }
    } catch (e) {
      setErrors(serverFieldErrors(e) as Partial<Record<F, string>>)
      focusFirstError(formRef.current)
      toast.error(options.toasts.failure, { description: errorMessage(e, "") })
    } finally {
      setBusy(false)
    }
    // Told once it is saved, whatever the screen does next.
    if (!saved) return
    toast.success(options.toasts.success)
    options.onSaved(saved.value)
  }
  return { formRef, errors, busy, submit }
}
