import { FlaskConical } from "lucide-react"
import { useEffect, useRef } from "react"
import type { CardFieldHandlers, CardFieldSlot, CardFields as SecureCardFields } from "../../lib/cardFields"
import type { SecureField } from "../../machines/cardEntry"
import { control, FieldError, TextField } from "./fields"

/** The labels and hints of the fields that hold card data, where the store's own inputs used to be. */
const SLOTS: Readonly<Record<SecureField, { label: string; placeholder: string; className: string }>> = {
  number: { label: "Número do cartão", placeholder: "0000 0000 0000 0000", className: "sm:col-span-6" },
  expiry: { label: "Validade (MM/AA)", placeholder: "MM/AA", className: "sm:col-span-3" },
  securityCode: { label: "Código de segurança (CVV)", placeholder: "123", className: "sm:col-span-3" },
}

const slotOf = (id: string, field: SecureField): CardFieldSlot => ({
  id: `${id}-${field}`,
  labelId: `${id}-${field}-label`,
  label: SLOTS[field].label,
  placeholder: SLOTS[field].placeholder,
})

export interface CardFieldsEvents extends CardFieldHandlers {
  /** The fields are in place and empty: a card typed before is gone. */
  onReady(): void
  /** The fields could not load (MercadoPago.js unreachable). */
  onFailed(): void
}

/**
 * The card's fields, shared by the checkout's payment step, the subscription dialog and the change of a
 * plan's card. Number, expiry and security code are containers the card fields fill (Mercado Pago's frames,
 * or the sandbox's inputs), with the height of an input reserved so nothing moves when they arrive. They sit
 * in a six-column grid (from `sm`) that the caller owns, so it can add the CPF and other fields beside them.
 */
export function CardFields({
  id,
  fields,
  holder,
  errors,
  onHolderChange,
  events,
}: {
  id: string
  /** Null until the page knows which fields it has (the checkout's start data). */
  fields: SecureCardFields | null
  holder: string
  errors: Readonly<Record<string, string>>
  onHolderChange: (value: string) => void
  events: CardFieldsEvents
}) {
  const latest = useRef(events)
  latest.current = events
  useEffect(() => {
    if (!fields) return
    let live = true
    const slots = {
      number: slotOf(id, "number"),
      expiry: slotOf(id, "expiry"),
      securityCode: slotOf(id, "securityCode"),
    }
    fields
      .mount(slots, {
        onBinChange: (bin) => live && latest.current.onBinChange(bin),
        onFieldChange: (field, state) => live && latest.current.onFieldChange(field, state),
      })
      .then(
        () => live && latest.current.onReady(),
        () => live && latest.current.onFailed(),
      )
    return () => {
      live = false
      fields.unmount()
    }
  }, [fields, id])
  return (
    <>
      <SecureSlot id={id} field="number" error={errors.number} />
      <TextField
        id={`${id}-holder`}
        className="sm:col-span-6"
        label="Nome impresso no cartão"
        autoComplete="cc-name"
        autoCapitalize="characters"
        value={holder}
        onChange={(e) => onHolderChange(e.target.value)}
        error={errors.holder}
      />
      <SecureSlot id={id} field="expiry" error={errors.expiry} />
      <SecureSlot id={id} field="securityCode" error={errors.securityCode} />
    </>
  )
}

/** A labelled, input-sized box the card fields fill; the box draws the border, error and focus ring. */
function SecureSlot({ id, field, error }: { id: string; field: SecureField; error: string | undefined }) {
  const slot = slotOf(id, field)
  // A control the page owns (the sandbox's input) is tied to its error as the store's other inputs are; Mercado
  // Pago's frame cannot be, and the error is announced when it appears (role="alert").
  useEffect(() => {
    const control = document.getElementById(`${slot.id}-input`)
    if (!control) return
    if (error) {
      control.setAttribute("aria-invalid", "true")
      control.setAttribute("aria-describedby", `${slot.id}-error`)
    } else {
      control.removeAttribute("aria-invalid")
      control.removeAttribute("aria-describedby")
    }
  }, [error, slot.id])
  return (
    <div className={SLOTS[field].className}>
      <label id={slot.labelId} htmlFor={`${slot.id}-input`} className="mb-1 block text-sm font-medium">
        {slot.label}
      </label>
      <div
        id={slot.id}
        data-card-field={field}
        className={`${control(error)} flex h-11 items-stretch focus-within:outline focus-within:outline-3 focus-within:outline-offset-2 focus-within:outline-[var(--accent)]`}
      />
      <FieldError id={`${slot.id}-error`} message={error} />
    </div>
  )
}

/** Offline the sandbox takes the payments: it accepts only Mercado Pago's test data. */
export function SandboxNote() {
  return (
    <div
      role="note"
      className="flex gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 sm:col-span-6 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
    >
      <FlaskConical aria-hidden className="mt-0.5 h-5 w-5 shrink-0" />
      <div>
        <p className="font-semibold">Ambiente de testes: nenhum valor é cobrado</p>
        <p className="mt-1">
          Use o cartão <span className="font-mono">5031 4332 1540 6351</span> (Mastercard), validade{" "}
          <span className="font-mono">11/30</span>, CVV <span className="font-mono">123</span> e CPF{" "}
          <span className="font-mono">123.456.789-09</span>. O nome no cartão decide o resultado:{" "}
          <strong>APRO</strong> aprova, <strong>OTHE</strong> recusa, <strong>CONT</strong> fica em análise.
        </p>
      </div>
    </div>
  )
}
