import { useQueryClient, useSuspenseQuery } from "@tanstack/react-query"
import { useRouteContext } from "@tanstack/react-router"
import { type FormEvent, useState } from "react"
import { displayNameError } from "../../../domain/accounts/authValidation"
import { ROLE_LABELS } from "../../../domain/accounts/roles"
import { maskCpfInput, maskedCpf, validateCpf } from "../../../domain/orders/cpf"
import { formatPhone, maskPhoneInput, normalizePhone, PHONE_MESSAGE } from "../../../domain/phone"
import { Field, FormError } from "../../components/AuthForm"
import { authClient } from "../../lib/authClient"
import { toast } from "../../lib/toast"
import { isTrpcError } from "../../lib/trpc"
import { useViewer } from "../../lib/viewer"

type DetailsField = "name" | "phone" | "cpf"
type Errors = Partial<Record<DetailsField, string>>

/** 'Dados': display name, phone and CPF, editable; the e-mail is shown, not changed here. */
export function DetailsTab() {
  const viewer = useViewer()
  const { trpc, trpcClient } = useRouteContext({ from: "__root__" })
  const queryClient = useQueryClient()
  const { data: details } = useSuspenseQuery(trpc.profile.details.queryOptions())
  const [name, setName] = useState(viewer?.name ?? "")
  const [phone, setPhone] = useState(formatPhone(details.phone))
  // A saved CPF is shown masked; typing a new one replaces it.
  const [replacingCpf, setReplacingCpf] = useState(details.cpf === null)
  const [cpf, setCpf] = useState("")
  const [errors, setErrors] = useState<Errors>({})
  const [formError, setFormError] = useState<string | null>(null)
  const [saving, setSaving] = useState(false)
  if (!viewer) return null

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const cpfCheck = cpf.trim() ? validateCpf(cpf) : null
    const found: Errors = {
      name: displayNameError(name),
      phone: phone.trim() && !normalizePhone(phone) ? PHONE_MESSAGE : undefined,
      cpf: cpfCheck && !cpfCheck.ok ? cpfCheck.message : undefined,
    }
    setErrors(found)
    setFormError(null)
    if (found.name || found.phone || found.cpf) {
      const first = (["name", "phone", "cpf"] as const).find((f) => found[f])
      document.getElementById(`details-${first}`)?.focus()
      return
    }
    setSaving(true)
    try {
      if (name.trim() !== viewer.name) {
        const { error } = await authClient.updateName(name.trim())
        if (error) {
          setErrors({ name: error.message })
          return
        }
      }
      await trpcClient.profile.saveDetails.mutate({ phone, cpf })
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: trpc.account.me.queryKey(undefined) }),
        queryClient.invalidateQueries({ queryKey: trpc.profile.details.queryKey(undefined) }),
      ])
      setCpf("")
      setReplacingCpf(false)
      toast.success("Dados atualizados!")
    } catch (error) {
      const fieldErrors = isTrpcError(error)
        ? (error.data as { fieldErrors?: Errors } | undefined)?.fieldErrors
        : undefined
      if (fieldErrors && Object.keys(fieldErrors).length > 0) setErrors(fieldErrors)
      else setFormError(error instanceof Error ? error.message : "Não foi possível salvar agora.")
    } finally {
      setSaving(false)
    }
  }

  const savedCpf = details.cpf
  return (
    <section className="rounded-2xl surface p-6" aria-labelledby="details-title">
      <h2 id="details-title" className="text-lg font-semibold">
        Seus dados
      </h2>
      <form className="mt-4 grid max-w-xl gap-x-6 sm:grid-cols-2" onSubmit={submit} noValidate>
        <div className="sm:col-span-2">
          <FormError message={formError} />
        </div>
        <div className="sm:col-span-2">
          <Field
            id="details-name"
            label="Nome de exibição"
            autoComplete="nickname"
            maxLength={60}
            value={name}
            onChange={(e) => setName(e.target.value)}
            error={errors.name}
          />
        </div>
        <div className="mb-4 sm:col-span-2">
          <p className="mb-1 text-sm font-medium">E-mail</p>
          <p className="flex min-h-11 flex-wrap items-center gap-x-2 rounded-xl surface-2 px-3 text-sm">
            <span className="break-all">{viewer.email}</span>
            {viewer.emailVerified && (
              <span className="text-xs text-emerald-700 dark:text-emerald-400">(confirmado)</span>
            )}
          </p>
          <p className="mt-1 text-xs text-muted">O e-mail de acesso não pode ser alterado aqui.</p>
        </div>
        <Field
          id="details-phone"
          label="Telefone"
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          placeholder="(11) 98765-4321"
          value={phone}
          onChange={(e) => setPhone(maskPhoneInput(e.target.value))}
          error={errors.phone}
        />
        {replacingCpf ? (
          <Field
            id="details-cpf"
            label={savedCpf ? "Novo CPF" : "CPF"}
            inputMode="numeric"
            autoComplete="off"
            placeholder="000.000.000-00"
            value={cpf}
            onChange={(e) => setCpf(maskCpfInput(e.target.value))}
            error={errors.cpf}
          />
        ) : (
          <div className="mb-4">
            <p className="mb-1 text-sm font-medium">CPF</p>
            <div className="flex min-h-11 items-center justify-between gap-2 rounded-xl surface-2 px-3">
              <span data-testid="saved-cpf" className="font-mono text-sm">
                {savedCpf ? maskedCpf(savedCpf) : ""}
              </span>
              <button
                type="button"
                className="text-sm font-semibold text-accent underline-offset-2 hover:underline"
                onClick={() => {
                  setReplacingCpf(true)
                  requestAnimationFrame(() => document.getElementById("details-cpf")?.focus())
                }}
              >
                Alterar CPF
              </button>
            </div>
          </div>
        )}
        <p className="text-sm text-muted sm:col-span-2">
          Tipo de conta: <span className="font-medium text-[var(--text)]">{ROLE_LABELS[viewer.role]}</span>. O
          CPF é usado nos pagamentos e na nota fiscal.
        </p>
        <div className="mt-4 sm:col-span-2">
          <button type="submit" className="btn btn-primary" disabled={saving}>
            {saving ? "Salvando..." : "Salvar alterações"}
          </button>
        </div>
      </form>
    </section>
  )
}
