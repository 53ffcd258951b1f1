import { useQueryClient } from "@tanstack/react-query"
import { useRouteContext } from "@tanstack/react-router"
import { type FormEvent, useEffect, useId, useState } from "react"
import { maskCpfInput, validateCpf } from "../../../domain/orders/cpf"
import { PAYMENT_MESSAGES } from "../../../domain/orders/paymentMessages"
import { Dialog } from "../../components/Dialog"
import { cardFieldsFor, type CardFields as SecureCardFields } from "../../lib/cardFields"
import type { MyPlan } from "../../lib/subscriptionsApi"
import {
  clearsInvalidCard,
  EMPTY_CARD,
  EMPTY_FIELDS,
  tokenFailure,
  tokenInputOf,
  validateCardForm,
} from "../../machines/cardEntry"
import { CardFields, SandboxNote } from "../-checkout/cardFields"
import { Spinner, StepError, TextField } from "../-checkout/fields"
import { changeError, usePlanChange } from "./usePlanChange"

/** A new card for the plan's next charges (a paused plan after refused renewals is charged again on it). */
export default function ChangeCardDialog({ plan, onClose }: { plan: MyPlan; onClose: () => void }) {
  const id = useId()
  const { trpc } = useRouteContext({ from: "__root__" })
  const queryClient = useQueryClient()
  const [fields, setFields] = useState<SecureCardFields | null>(null)
  const [sandbox, setSandbox] = useState(false)
  const [ready, setReady] = useState(false)
  const [card, setCard] = useState(EMPTY_CARD)
  const [cpf, setCpf] = useState("")
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [error, setError] = useState<string | null>(null)
  const [tokenizing, setTokenizing] = useState(false)
  const change = usePlanChange(
    (api, input: Parameters<typeof api.changeCard.mutate>[0]) => api.changeCard.mutate(input),
    { title: "Cartão atualizado", description: "As próximas cobranças usarão o novo cartão." },
    onClose,
  )

  useEffect(() => {
    let live = true
    queryClient
      .fetchQuery(trpc.checkout.start.queryOptions(undefined))
      .then((start) => {
        if (!live) return
        // The form mounts the fields; they say when they can be typed in (ready) or could not load.
        setFields(cardFieldsFor(start))
        setSandbox(start.gateway === "sandbox")
        setCpf((current) => current || (start.cpf ? maskCpfInput(start.cpf) : ""))
      })
      .catch(() => live && setError(PAYMENT_MESSAGES.loadFailed))
    return () => {
      live = false
    }
  }, [queryClient, trpc])

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    const found: Record<string, string> = { ...validateCardForm(card) }
    const cpfCheck = validateCpf(cpf)
    if (!cpfCheck.ok) found.cpf = cpfCheck.message
    setErrors(found)
    if (Object.keys(found).length > 0 || !fields || !ready) {
      setError(Object.keys(found).some((f) => f !== "cpf") ? PAYMENT_MESSAGES.invalidCard : null)
      return
    }
    setError(null)
    setTokenizing(true)
    try {
      const token = await fields.createToken(tokenInputOf(card, cpf))
      change.mutate({
        id: plan.id,
        card: { token: token.token, paymentMethodId: token.paymentMethodId, issuerId: token.issuerId },
      })
    } catch (failure) {
      const { message, fieldErrors } = tokenFailure(failure)
      setError(message)
      setErrors(fieldErrors)
    } finally {
      setTokenizing(false)
    }
  }
  const busy = tokenizing || change.isPending
  const shown = error ?? (change.error ? changeError(change.error, PAYMENT_MESSAGES.processFailed) : null)
  return (
    <Dialog open size="lg" onClose={() => !busy && onClose()} title="Trocar cartão">
      <form onSubmit={submit} noValidate aria-busy={busy}>
        <StepError title={PAYMENT_MESSAGES.errorTitle} message={shown} />
        {!fields && !error ? (
          <p role="status" className="flex items-center gap-2 text-muted">
            <Spinner /> Carregando formulário de pagamento...
          </p>
        ) : (
          <fieldset disabled={busy || !ready} className="grid gap-4 sm:grid-cols-6">
            <legend className="sr-only">Novo cartão</legend>
            {sandbox && <SandboxNote />}
            <CardFields
              id={id}
              fields={fields}
              holder={card.holder}
              errors={errors}
              onHolderChange={(holder) => {
                setCard((c) => ({ ...c, holder }))
                setErrors(({ holder: _, ...rest }) => rest)
                setError(clearsInvalidCard)
              }}
              events={{
                onReady: () => {
                  setCard((c) => ({ ...c, fields: EMPTY_FIELDS }))
                  setReady(true)
                },
                onFailed: () => setError(PAYMENT_MESSAGES.loadFailed),
                onBinChange: () => {},
                onFieldChange: (field, state) => {
                  setCard((c) => ({ ...c, fields: { ...c.fields, [field]: state } }))
                  setErrors(({ [field]: _, ...rest }) =>
                    state.error ? { ...rest, [field]: state.error } : rest,
                  )
                  setError(clearsInvalidCard)
                },
              }}
            />
            <TextField
              id={`${id}-cpf`}
              className="sm:col-span-3"
              label="CPF do titular"
              inputMode="numeric"
              placeholder="000.000.000-00"
              maxLength={14}
              value={cpf}
              onChange={(e) => setCpf(maskCpfInput(e.target.value))}
              error={errors.cpf}
            />
          </fieldset>
        )}
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <button type="button" className="btn btn-ghost" disabled={busy} onClick={onClose}>
            Voltar
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy || !ready}>
            {busy ? (
              <>
                <Spinner /> Salvando...
              </>
            ) : (
              "Salvar cartão"
            )}
          </button>
        </div>
      </form>
    </Dialog>
  )
}
