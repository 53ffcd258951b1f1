import { type FormEvent, useState } from "react"
import { CATALOG_ADMIN_MESSAGES as M } from "../../../../domain/catalogAdmin"
import { isPriceValid } from "../../../../domain/catalogAdmin/collection"
import { parseReaisToCents } from "../../../../domain/money"
import { Field, fieldClass } from "../../../components/admin/Field"
import { Dialog } from "../../../components/Dialog"

/** Spec 002 §3: the collection's price applies to all its products. */
export function PriceDialog({
  open,
  name,
  price,
  onSave,
  onClose,
}: {
  open: boolean
  name: string
  price: number
  onSave: (cents: number) => Promise<void>
  onClose: () => void
}) {
  const [text, setText] = useState((price / 100).toFixed(2).replace(".", ","))
  const [error, setError] = useState<string | undefined>()
  const [busy, setBusy] = useState(false)
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const cents = parseReaisToCents(text)
    if (!isPriceValid(cents)) return setError(M.price)
    setError(undefined)
    setBusy(true)
    try {
      await onSave(cents)
    } finally {
      setBusy(false)
    }
  }
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={`Preço de ${name}`}
      description="Vale para todos os produtos da coleção."
    >
      <form onSubmit={submit} noValidate className="grid gap-4">
        <Field id="collection-price" label="Preço (R$)" error={error}>
          {(p) => (
            <input
              {...p}
              inputMode="decimal"
              className={fieldClass}
              value={text}
              onChange={(e) => setText(e.target.value)}
              data-autofocus
            />
          )}
        </Field>
        <div className="flex justify-end gap-3">
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            Cancelar
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? "Salvando..." : "Salvar preço"}
          </button>
        </div>
      </form>
    </Dialog>
  )
}
