import { FlaskConical } from "lucide-react"
import { type CardField, type CardForm, maskCardNumber, maskExpiry } from "../../machines/checkout"
import { TextField } from "./fields"

const onlyDigits = (max: number) => (v: string) => v.replace(/\D/g, "").slice(0, max)

/**
 * The card's four fields, shared by the checkout's payment step and the subscription dialog. They sit in a
 * six-column grid (from `sm`) that the caller owns, so it can add the CPF and other fields beside them.
 */
export function CardFields({
  id,
  card,
  errors,
  onChange,
}: {
  id: string
  card: CardForm
  errors: Readonly<Record<string, string>>
  onChange: (field: CardField, value: string) => void
}) {
  const change =
    (field: CardField, mask: (v: string) => string = (v) => v) =>
    (e: { target: { value: string } }) =>
      onChange(field, mask(e.target.value))
  return (
    <>
      <TextField
        id={`${id}-number`}
        className="sm:col-span-6"
        label="Número do cartão"
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="0000 0000 0000 0000"
        maxLength={23}
        value={card.number}
        onChange={change("number", maskCardNumber)}
        error={errors.number}
      />
      <TextField
        id={`${id}-holder`}
        className="sm:col-span-6"
        label="Nome impresso no cartão"
        autoComplete="cc-name"
        autoCapitalize="characters"
        value={card.holder}
        onChange={change("holder")}
        error={errors.holder}
      />
      <TextField
        id={`${id}-expiry`}
        className="sm:col-span-3"
        label="Validade (MM/AA)"
        inputMode="numeric"
        autoComplete="cc-exp"
        placeholder="MM/AA"
        maxLength={5}
        value={card.expiry}
        onChange={change("expiry", maskExpiry)}
        error={errors.expiry}
      />
      <TextField
        id={`${id}-cvv`}
        className="sm:col-span-3"
        label="Código de segurança (CVV)"
        inputMode="numeric"
        autoComplete="cc-csc"
        placeholder="123"
        maxLength={4}
        value={card.securityCode}
        onChange={change("securityCode", onlyDigits(4))}
        error={errors.securityCode}
      />
    </>
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
