import { Save, X } from "lucide-react"
import { type FormEvent, type ReactNode, useId, useState } from "react"
import { parseReaisToCents } from "../../../../domain/money"
import type { CouponType } from "../../../../domain/orders/coupon"
import {
  COUPON_ADMIN_MESSAGES,
  COUPON_TYPE_LABEL,
  COUPON_TYPES,
  type CouponDraft,
  type CouponField,
  type CouponFields,
  defaultCouponDraft,
  draftOfCoupon,
  validateCouponDraft,
} from "../../../../domain/orders/couponAdmin"
import { fieldClass } from "../../../components/admin/Field"
import { CouponRuleSwitches } from "./CouponRuleSwitches"

/** The form as typed: amounts in reais ("25,00"), the percentage and the limit as whole numbers. */
interface FormState {
  code: string
  type: CouponType
  value: string
  minimumOrderValue: string
  maximumDiscount: string
  maxUses: string
  validFrom: string
  validUntil: string
  oncePerCustomer: boolean
  notWithCoins: boolean
}

const reais = (cents: number | null) => (cents === null ? "" : (cents / 100).toFixed(2).replace(".", ","))

const stateOf = (draft: CouponDraft): FormState => ({
  code: draft.code,
  type: draft.type,
  value: draft.value === null ? "" : draft.type === "fixed" ? reais(draft.value) : String(draft.value),
  minimumOrderValue: reais(draft.minimumOrderValue),
  maximumDiscount: reais(draft.maximumDiscount),
  maxUses: draft.maxUses === null ? "" : String(draft.maxUses),
  validFrom: draft.validFrom,
  validUntil: draft.validUntil ?? "",
  oncePerCustomer: draft.oncePerCustomer,
  notWithCoins: draft.notWithCoins,
})

// Blank is "not given"; text that is not an amount becomes -1, which the rules refuse with the field's message.
const centsOf = (text: string) => (text.trim() === "" ? null : (parseReaisToCents(text) ?? -1))
const wholeOf = (text: string) => (text.trim() === "" ? null : Number(text.trim()))

/** The typed form as the domain's draft: the same rules then run here and on the server. */
const draftOf = (state: FormState): CouponDraft => ({
  code: state.code,
  type: state.type,
  value:
    state.type === "fixed"
      ? centsOf(state.value)
      : state.type === "free_shipping"
        ? null
        : wholeOf(state.value),
  minimumOrderValue: centsOf(state.minimumOrderValue),
  maximumDiscount: state.type === "percentage" ? centsOf(state.maximumDiscount) : null,
  maxUses: wholeOf(state.maxUses),
  validFrom: state.validFrom,
  validUntil: state.validUntil || null,
  oncePerCustomer: state.oncePerCustomer,
  notWithCoins: state.notWithCoins,
})

/**
 * Create mode, or edit mode for `editing` (spec 002 §4); Cancel returns to create mode. `save` throws the
 * server's refusal, shown under the code when it is about the code, else above the buttons.
 */
export function CouponForm({
  editing,
  today,
  save,
  onCancel,
}: {
  editing: (CouponFields & { readonly id: string }) | null
  today: string
  save: (draft: CouponDraft) => Promise<void>
  onCancel: () => void
}) {
  const id = useId()
  const initial = () =>
    stateOf(editing ? draftOfCoupon(editing) : { ...defaultCouponDraft(0), validFrom: today })
  const [state, setState] = useState<FormState>(initial)
  const [errors, setErrors] = useState<Partial<Record<CouponField, string>>>({})
  const [formError, setFormError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const set = <K extends keyof FormState>(field: K, value: FormState[K]) =>
    setState((s) => ({ ...s, [field]: value }))

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const draft = draftOf(state)
    const checked = validateCouponDraft(draft)
    setFormError(null)
    setErrors(checked.ok ? {} : checked.errors)
    if (!checked.ok) return
    setBusy(true)
    try {
      await save(draft)
      if (!editing) setState(initial())
    } catch (error) {
      const message = error instanceof Error ? error.message : COUPON_ADMIN_MESSAGES.createFailed
      if (message === COUPON_ADMIN_MESSAGES.codeTaken) setErrors({ code: message })
      else setFormError(message)
    } finally {
      setBusy(false)
    }
  }

  const field = (
    name: CouponField,
    label: string,
    control: (props: ControlProps) => ReactNode,
    hint?: string,
  ) => {
    const error = errors[name]
    const described = [hint ? `${id}-${name}-hint` : null, error ? `${id}-${name}-error` : null].filter(
      Boolean,
    )
    return (
      <div className="grid content-start gap-1">
        <label htmlFor={`${id}-${name}`} className="text-sm font-medium">
          {label}
        </label>
        {control({
          id: `${id}-${name}`,
          className: fieldClass,
          "aria-invalid": error ? true : undefined,
          "aria-describedby": described.length ? described.join(" ") : undefined,
        })}
        {hint && (
          <p id={`${id}-${name}-hint`} className="text-xs text-muted">
            {hint}
          </p>
        )}
        {error && (
          <p id={`${id}-${name}-error`} className="text-sm text-red-700 dark:text-red-300">
            {error}
          </p>
        )}
      </div>
    )
  }

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby={`${id}-title`}
      className="grid gap-4 rounded-2xl surface p-6"
      data-testid="coupon-form"
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {editing ? `Editar cupom ${editing.code}` : "Novo cupom"}
      </h2>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {field(
          "code",
          "Código do cupom *",
          (p) => (
            <input
              {...p}
              value={state.code}
              maxLength={30}
              autoCapitalize="characters"
              className={`${p.className} uppercase`}
              onChange={(e) => set("code", e.target.value)}
            />
          ),
          "Letras, números, - ou _ (3 a 30).",
        )}
        {field("type", "Tipo", (p) => (
          <select {...p} value={state.type} onChange={(e) => set("type", e.target.value as CouponType)}>
            {COUPON_TYPES.map((t) => (
              <option key={t} value={t}>
                {COUPON_TYPE_LABEL[t]}
              </option>
            ))}
          </select>
        ))}
        {state.type !== "free_shipping" &&
          field("value", state.type === "percentage" ? "Desconto (%) *" : "Desconto (R$) *", (p) => (
            <input
              {...p}
              inputMode={state.type === "percentage" ? "numeric" : "decimal"}
              value={state.value}
              onChange={(e) => set("value", e.target.value)}
            />
          ))}
        {field("minimumOrderValue", "Pedido mínimo (R$)", (p) => (
          <input
            {...p}
            inputMode="decimal"
            value={state.minimumOrderValue}
            onChange={(e) => set("minimumOrderValue", e.target.value)}
          />
        ))}
        {state.type === "percentage" &&
          field(
            "maximumDiscount",
            "Desconto máximo (R$)",
            (p) => (
              <input
                {...p}
                inputMode="decimal"
                value={state.maximumDiscount}
                onChange={(e) => set("maximumDiscount", e.target.value)}
              />
            ),
            "Em branco: sem teto.",
          )}
        {field(
          "maxUses",
          "Limite de usos",
          (p) => (
            <input
              {...p}
              inputMode="numeric"
              value={state.maxUses}
              onChange={(e) => set("maxUses", e.target.value)}
            />
          ),
          "Em branco: sem limite.",
        )}
        {field("validFrom", "Válido a partir de *", (p) => (
          <input
            {...p}
            type="date"
            value={state.validFrom}
            onChange={(e) => set("validFrom", e.target.value)}
          />
        ))}
        {field(
          "validUntil",
          "Válido até",
          (p) => (
            <input
              {...p}
              type="date"
              value={state.validUntil}
              onChange={(e) => set("validUntil", e.target.value)}
            />
          ),
          "Inclusive. Em branco: sem prazo.",
        )}
      </div>
      <CouponRuleSwitches values={state} onChange={set} />
      {formError && (
        <p className="text-sm text-red-700 dark:text-red-300" role="alert">
          {formError}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          <Save aria-hidden className="h-4 w-4" />{" "}
          {busy ? "Salvando..." : editing ? "Salvar alterações" : "Criar cupom"}
        </button>
        {editing && (
          <button type="button" className="btn btn-ghost" onClick={onCancel}>
            <X aria-hidden className="h-4 w-4" /> Cancelar edição
          </button>
        )}
      </div>
    </form>
  )
}

interface ControlProps {
  id: string
  className: string
  "aria-invalid": true | undefined
  "aria-describedby": string | undefined
}
