import {
  Barcode,
  Check,
  CreditCard,
  ExternalLink,
  MapPin,
  Pencil,
  Plus,
  QrCode,
  ShieldCheck,
  Truck,
} from "lucide-react"
import { type FormEvent, type ReactNode, useId } from "react"
import type { SnapshotFrom } from "xstate"
import { addressLine } from "../../../domain/orders/address"
import { maskCpfInput } from "../../../domain/orders/cpf"
import { PAYMENT_WINDOWS } from "../../../domain/orders/deadlines"
import type { PaymentMethod } from "../../../domain/orders/order"
import { cardBrandLabel } from "../../../domain/orders/payment"
import { PAYMENT_MESSAGES } from "../../../domain/orders/paymentMessages"
import { formatCep, maskCepInput, UFS } from "../../../domain/shipping/postal"
import { leadTimeFor } from "../../../domain/shipping/schedule"
import { FREE_SHIPPING_LABEL } from "../../../domain/shipping/shipping"
import type { CardFields as SecureCardFields } from "../../lib/cardFields"
import { formatBRL } from "../../lib/format"
import type { CheckoutEvent, checkoutMachine } from "../../machines/checkout"
import { CoinsControl } from "./CoinsControl"
import { CardFields, SandboxNote } from "./cardFields"
import { control, FieldError, SelectField, Spinner, StepError, TextField } from "./fields"
import { chosenTotals, pixChoice } from "./methodTotals"

type Snapshot = SnapshotFrom<typeof checkoutMachine>
interface StepProps {
  readonly state: Snapshot
  readonly send: (event: CheckoutEvent) => void
}

/** Each step's heading takes the focus when the step opens (web/routes/checkout.tsx). */
export function StepHeading({
  children,
  sub,
  id = "checkout-step-heading",
}: {
  children: ReactNode
  sub?: ReactNode
  /** Another id for a step kept out of sight, so the shown step's heading is the one focused. */
  id?: string
}) {
  return (
    <div className="mb-5">
      <h2 id={id} tabIndex={-1} className="text-xl font-semibold outline-none">
        {children}
      </h2>
      {sub && <p className="mt-1 text-sm text-muted">{sub}</p>}
    </div>
  )
}

const submit = (send: StepProps["send"], type: "CONTINUE" | "SAVE_ADDRESS" | "PLACE") => (e: FormEvent) => {
  e.preventDefault()
  send({ type })
}

function Actions({ children }: { children: ReactNode }) {
  return <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">{children}</div>
}

// ── Address ────────────────────────────────────────────────────────────────────────────────────────────────

export function AddressStep({ state, send }: StepProps) {
  const { context } = state
  if (state.matches({ address: "form" })) return <AddressForm state={state} send={send} />
  return (
    <form onSubmit={submit(send, "CONTINUE")} noValidate>
      <StepHeading sub="Escolha onde quer receber seu pedido.">Endereço de entrega</StepHeading>
      <StepError message={context.errors.address} />
      <fieldset>
        <legend className="sr-only">Endereços salvos</legend>
        <div className="grid gap-3">
          {context.addresses.map((a) => (
            <label
              key={a.id}
              className="flex cursor-pointer gap-3 rounded-xl border border-theme p-4 has-[:checked]:border-[var(--accent)] has-[:checked]:bg-[var(--surface-2)]"
            >
              <input
                type="radio"
                name="address"
                className="mt-1 h-4 w-4 accent-[var(--accent)]"
                checked={context.addressId === a.id}
                onChange={() => send({ type: "SELECT_ADDRESS", id: a.id })}
              />
              <span className="text-sm">
                <span className="flex items-center gap-2 font-semibold">
                  {a.name}
                  {a.isDefault && (
                    <span className="rounded-full surface-2 px-2 py-0.5 text-xs font-medium text-muted">
                      Padrão
                    </span>
                  )}
                </span>
                <span className="mt-0.5 block text-muted">{addressLine(a)}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <button type="button" className="btn btn-ghost mt-3" onClick={() => send({ type: "NEW_ADDRESS" })}>
        <Plus aria-hidden className="h-4 w-4" /> Adicionar novo endereço
      </button>
      <Actions>
        <span />
        <button type="submit" className="btn btn-primary">
          Continuar para a entrega
        </button>
      </Actions>
    </form>
  )
}

function AddressForm({ state, send }: StepProps) {
  const { context } = state
  const id = useId()
  const saving = state.matches({ address: { form: "saving" } })
  const lookingUp = state.matches({ address: { form: "lookingUp" } })
  const draft = context.draft
  const error = (field: string) => context.fieldErrors[field]
  const change = (field: keyof typeof draft & string) => (e: { target: { value: string } }) =>
    send({ type: "CHANGE_DRAFT", field: field as never, value: e.target.value })
  return (
    <form onSubmit={submit(send, "SAVE_ADDRESS")} noValidate aria-busy={saving}>
      <StepHeading sub="Digite o CEP: preenchemos a rua, o bairro e a cidade para você.">
        Novo endereço de entrega
      </StepHeading>
      <StepError message={context.errors.address} />
      <div className="grid gap-4 sm:grid-cols-6">
        <div className="sm:col-span-2">
          <TextField
            id={`${id}-cep`}
            label="CEP"
            inputMode="numeric"
            autoComplete="postal-code"
            placeholder="00000-000"
            maxLength={9}
            value={draft.zipCode}
            onChange={(e) =>
              send({ type: "CHANGE_DRAFT", field: "zipCode", value: maskCepInput(e.target.value) })
            }
            error={error("zipCode")}
          />
          <p className="mt-1 min-h-5 text-xs text-muted" aria-live="polite">
            {lookingUp ? (
              <span className="inline-flex items-center gap-1.5">
                <Spinner className="h-3 w-3" /> Buscando endereço...
              </span>
            ) : null}
          </p>
        </div>
        <TextField
          id={`${id}-name`}
          className="sm:col-span-4"
          label="Nome do destinatário"
          autoComplete="name"
          value={draft.name}
          onChange={change("name")}
          error={error("name")}
        />
        <TextField
          id={`${id}-street`}
          className="sm:col-span-4"
          label="Rua"
          autoComplete="address-line1"
          value={draft.street}
          onChange={change("street")}
          error={error("street")}
        />
        <TextField
          id={`${id}-number`}
          className="sm:col-span-2"
          label="Número"
          inputMode="numeric"
          value={draft.number}
          onChange={change("number")}
          error={error("number")}
        />
        <TextField
          id={`${id}-complement`}
          className="sm:col-span-3"
          label="Complemento (opcional)"
          autoComplete="address-line2"
          value={draft.complement}
          onChange={change("complement")}
          error={error("complement")}
        />
        <TextField
          id={`${id}-neighborhood`}
          className="sm:col-span-3"
          label="Bairro"
          value={draft.neighborhood}
          onChange={change("neighborhood")}
          error={error("neighborhood")}
        />
        <TextField
          id={`${id}-city`}
          className="sm:col-span-4"
          label="Cidade"
          autoComplete="address-level2"
          value={draft.city}
          onChange={change("city")}
          error={error("city")}
        />
        <SelectField
          id={`${id}-state`}
          className="sm:col-span-2"
          label="Estado (UF)"
          autoComplete="address-level1"
          value={draft.state}
          onChange={change("state")}
          error={error("state")}
        >
          <option value="">Selecione</option>
          {UFS.map((uf) => (
            <option key={uf} value={uf}>
              {uf}
            </option>
          ))}
        </SelectField>
      </div>
      <label className="mt-4 flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          className="h-4 w-4 accent-[var(--accent)]"
          checked={draft.makeDefault}
          onChange={(e) => send({ type: "TOGGLE_DEFAULT", value: e.target.checked })}
        />
        Usar como meu endereço padrão
      </label>
      <Actions>
        {context.addresses.length > 0 ? (
          <button type="button" className="btn btn-ghost" onClick={() => send({ type: "CANCEL_ADDRESS" })}>
            Voltar aos endereços salvos
          </button>
        ) : (
          <span />
        )}
        <button type="submit" className="btn btn-primary" disabled={saving}>
          {saving ? (
            <>
              <Spinner /> Salvando...
            </>
          ) : (
            "Salvar e continuar"
          )}
        </button>
      </Actions>
    </form>
  )
}

// ── Shipping and coupon ────────────────────────────────────────────────────────────────────────────────────

export function ShippingStep({ state, send }: StepProps) {
  const { context } = state
  const id = useId()
  const pricing =
    state.matches({ shipping: "pricing" }) ||
    state.matches({ shipping: "applyingCoupon" }) ||
    state.matches({ shipping: "removingCoupon" })
  const failed = state.matches({ shipping: "failed" })
  const priced = context.priced
  const address = context.addresses.find((a) => a.id === context.addressId)
  const couponError = context.fieldErrors.coupon
  return (
    <div>
      <StepHeading
        sub={
          address ? (
            <>
              Entrega para {address.name}, CEP {formatCep(address.zipCode)}.
            </>
          ) : undefined
        }
      >
        Entrega
      </StepHeading>
      <StepError message={context.errors.shipping} />
      {failed && (
        <button type="button" className="btn btn-ghost mb-4" onClick={() => send({ type: "RETRY" })}>
          Tentar novamente
        </button>
      )}
      {!priced && pricing ? (
        <p className="flex items-center gap-2 text-sm text-muted" role="status">
          <Spinner /> Calculando o frete...
        </p>
      ) : priced ? (
        <fieldset
          aria-busy={pricing}
          aria-describedby={context.fieldErrors.shipping ? `${id}-ship-error` : undefined}
        >
          <legend className="mb-2 text-sm font-medium">Opções de entrega</legend>
          <div className="grid gap-3">
            {priced.shippingOptions.map((o) => (
              <label
                key={o.id}
                className="flex cursor-pointer items-center justify-between gap-3 rounded-xl border border-theme p-4 text-sm has-[:checked]:border-[var(--accent)] has-[:checked]:bg-[var(--surface-2)]"
              >
                <span className="flex items-center gap-3">
                  <input
                    type="radio"
                    name="shipping"
                    className="h-4 w-4 accent-[var(--accent)]"
                    checked={context.shippingOptionId === o.id}
                    disabled={pricing}
                    onChange={() => send({ type: "SELECT_SHIPPING", id: o.id })}
                  />
                  <span>
                    <span className="flex items-center gap-2 font-medium">
                      <Truck aria-hidden className="h-4 w-4 text-accent" /> {o.name}
                    </span>
                    <span className="block text-xs text-muted">
                      {o.provider} · até {o.days} {o.days === 1 ? "dia útil" : "dias úteis"} após a produção
                    </span>
                  </span>
                </span>
                <strong>{o.price === 0 ? FREE_SHIPPING_LABEL : formatBRL(o.price)}</strong>
              </label>
            ))}
          </div>
          <FieldError id={`${id}-ship-error`} message={context.fieldErrors.shipping} />
          <p className="mt-3 text-xs text-muted">
            Prazo: {leadTimeFor(priced.shipping)}. Assinantes da coleção têm frete grátis.
          </p>
        </fieldset>
      ) : null}

      <form
        className="mt-8 rounded-xl surface-2 p-4"
        // A prepaid plan already carries its discount: no coupon applies to it.
        hidden={context.plan !== null}
        noValidate
        onSubmit={(e) => {
          e.preventDefault()
          send({ type: "APPLY_COUPON" })
        }}
      >
        <label htmlFor={`${id}-coupon`} className="text-sm font-medium">
          Cupom de desconto
        </label>
        <div className="mt-1 flex gap-2">
          <input
            id={`${id}-coupon`}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={40}
            placeholder="Digite o código"
            value={context.couponInput}
            onChange={(e) => send({ type: "CHANGE_COUPON", value: e.target.value })}
            aria-invalid={couponError ? true : undefined}
            aria-describedby={
              couponError ? `${id}-coupon-error` : priced?.coupon ? `${id}-coupon-ok` : undefined
            }
            className={`${control(couponError)} uppercase placeholder:normal-case`}
          />
          {priced?.coupon ? (
            <button
              type="button"
              className="btn btn-ghost shrink-0"
              disabled={pricing}
              onClick={() => send({ type: "REMOVE_COUPON" })}
            >
              Remover
            </button>
          ) : (
            <button type="submit" className="btn btn-ghost shrink-0" disabled={pricing}>
              Aplicar
            </button>
          )}
        </div>
        <FieldError id={`${id}-coupon-error`} message={couponError} />
        {priced?.coupon && (
          <p
            id={`${id}-coupon-ok`}
            role="status"
            className="mt-2 flex items-center gap-1.5 text-sm text-emerald-700 dark:text-emerald-400"
          >
            <Check aria-hidden className="h-4 w-4" /> Cupom {priced.coupon.code} aplicado:{" "}
            {priced.coupon.shippingDiscount > 0 && priced.coupon.discount === 0
              ? "frete grátis"
              : `− ${formatBRL(priced.coupon.discount + priced.coupon.shippingDiscount)}`}
          </p>
        )}
      </form>
      <CoinsControl state={state} send={send} />

      <Actions>
        <button type="button" className="btn btn-ghost" onClick={() => send({ type: "BACK" })}>
          Voltar
        </button>
        <button
          type="button"
          className="btn btn-primary"
          disabled={pricing || !priced?.shipping}
          onClick={() => send({ type: "CONTINUE" })}
        >
          Continuar para o pagamento
        </button>
      </Actions>
    </div>
  )
}

// ── Payment ────────────────────────────────────────────────────────────────────────────────────────────────

const METHODS: readonly { id: PaymentMethod; label: string; icon: typeof CreditCard }[] = [
  { id: "card", label: "Cartão de crédito", icon: CreditCard },
  { id: "pix", label: "PIX", icon: QrCode },
  { id: "boleto", label: "Boleto", icon: Barcode },
  { id: "checkout_pro", label: "Pagar com Mercado Pago", icon: ExternalLink },
]

export function PaymentStep({
  state,
  send,
  sandbox,
  cardFields,
  hidden = false,
}: StepProps & {
  sandbox: boolean
  cardFields: SecureCardFields | null
  /**
   * Kept out of sight during the review, so the card fields keep what was typed in them (the page cannot
   * hold card data itself): a refused card comes back to the same card, to change only what is needed.
   */
  hidden?: boolean
}) {
  const { context } = state
  const id = useId()
  const tokenizing = state.matches({ payment: "tokenizing" })
  const loadingInstallments = state.matches({ payment: "loadingInstallments" })
  const methods = METHODS.filter((m) => m.id !== "checkout_pro" || context.start?.checkoutPro)
  const pix = pixChoice(context)
  const error = (field: string) => context.fieldErrors[field]
  return (
    <form onSubmit={submit(send, "CONTINUE")} noValidate aria-busy={tokenizing} hidden={hidden}>
      <StepHeading sub="Escolha como prefere pagar." {...(hidden ? { id: "checkout-payment-kept" } : {})}>
        Pagamento
      </StepHeading>
      <StepError title={PAYMENT_MESSAGES.errorTitle} message={context.errors.payment} id="payment-error" />
      {context.retryOrder && (
        <p className="mb-4 rounded-xl surface-2 px-4 py-3 text-sm">
          Pedido <strong>{context.retryOrder.number}</strong>: escolha outra forma de pagamento ou confira os
          dados e tente novamente.
        </p>
      )}
      <fieldset>
        <legend className="sr-only">Forma de pagamento</legend>
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
          {methods.map((m) => (
            <label
              key={m.id}
              className="flex cursor-pointer flex-col items-center gap-1.5 rounded-xl border border-theme px-2 py-3 text-center text-sm font-medium has-[:checked]:border-[var(--accent)] has-[:checked]:bg-[var(--surface-2)] has-[:focus-visible]:outline has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-[var(--accent)]"
            >
              <input
                type="radio"
                name="method"
                className="sr-only"
                checked={context.method === m.id}
                onChange={() => send({ type: "SELECT_METHOD", method: m.id })}
              />
              <m.icon aria-hidden className="h-5 w-5 text-accent" />
              <span>{m.label}</span>
              {m.id === "pix" && pix && (
                <span
                  className="text-xs font-normal text-emerald-700 dark:text-emerald-400"
                  data-testid="pix-offer"
                >
                  <span className="sr-only">—</span> {formatBRL(pix.totals.total)} ({pix.percent} de desconto)
                </span>
              )}
            </label>
          ))}
        </div>
      </fieldset>

      <div className="mt-6">
        {context.method === "card" && (
          <div className="grid gap-4 sm:grid-cols-6">
            {sandbox && <SandboxNote />}
            <CardFields
              id={id}
              fields={cardFields}
              holder={context.card.holder}
              errors={context.fieldErrors}
              onHolderChange={(value) => send({ type: "CHANGE_HOLDER", value })}
              events={{
                onReady: () => send({ type: "PAYMENT_READY" }),
                onFailed: () => send({ type: "PAYMENT_FAILED_TO_LOAD" }),
                onBinChange: (bin) => send({ type: "CARD_BIN", bin }),
                onFieldChange: (field, fieldState) => send({ type: "CARD_FIELD", field, state: fieldState }),
              }}
            />
            <CpfField
              id={`${id}-cpf`}
              state={state}
              send={send}
              className="sm:col-span-3"
              label="CPF do titular"
            />
            <SelectField
              id={`${id}-installments`}
              className="sm:col-span-3"
              label="Parcelas"
              value={String(context.installments)}
              disabled={context.installmentOptions.length === 0}
              aria-busy={loadingInstallments}
              onChange={(e) => send({ type: "SELECT_INSTALLMENTS", installments: Number(e.target.value) })}
              error={error("installments")}
            >
              {context.installmentOptions.length === 0 && <option value="1">Carregando parcelas...</option>}
              {context.installmentOptions.map((o) => (
                <option key={o.installments} value={o.installments}>
                  {o.message}
                </option>
              ))}
            </SelectField>
          </div>
        )}
        {context.method === "pix" && (
          <MethodInfo icon={QrCode} title="Pague na hora com PIX">
            Ao confirmar, mostramos o QR code e o código copia e cola. O código vale por{" "}
            {PAYMENT_WINDOWS.pixMinutes} minutos e a aprovação é imediata.
          </MethodInfo>
        )}
        {context.method === "boleto" && (
          <MethodInfo icon={Barcode} title="Boleto bancário">
            O boleto vence em {PAYMENT_WINDOWS.boletoDueDays} dias e é emitido no seu CPF, com o endereço de
            entrega. A compensação leva até 3 dias úteis.
          </MethodInfo>
        )}
        {context.method === "checkout_pro" && (
          <MethodInfo icon={ExternalLink} title="Pagar com Mercado Pago">
            Você será levado ao site do Mercado Pago para pagar com sua conta, saldo ou cartões salvos, e
            volta para cá ao terminar.
          </MethodInfo>
        )}
        {context.method !== "card" && context.method !== null && (
          <div className="mt-4 grid sm:grid-cols-2">
            <CpfField
              id={`${id}-cpf`}
              state={state}
              send={send}
              label="CPF"
              hint={
                context.method === "boleto" ? "O boleto é emitido no seu CPF." : "Exigido para a nota fiscal."
              }
            />
          </div>
        )}
      </div>

      <Actions>
        {context.orderId ? (
          <span />
        ) : (
          <button type="button" className="btn btn-ghost" onClick={() => send({ type: "BACK" })}>
            Voltar
          </button>
        )}
        <button type="submit" className="btn btn-primary" disabled={tokenizing}>
          {tokenizing ? (
            <>
              <Spinner /> Validando cartão...
            </>
          ) : (
            "Revisar pedido"
          )}
        </button>
      </Actions>
    </form>
  )
}

function CpfField({
  id,
  state,
  send,
  label,
  hint,
  className,
}: StepProps & { id: string; label: string; hint?: string; className?: string }) {
  return (
    <TextField
      id={id}
      className={className}
      label={label}
      inputMode="numeric"
      autoComplete="off"
      placeholder="000.000.000-00"
      maxLength={14}
      value={state.context.cpf}
      onChange={(e) => send({ type: "CHANGE_CPF", value: maskCpfInput(e.target.value) })}
      error={state.context.fieldErrors.cpf}
      {...(hint ? { hint } : {})}
    />
  )
}

function MethodInfo({
  icon: Icon,
  title,
  children,
}: {
  icon: typeof QrCode
  title: string
  children: ReactNode
}) {
  return (
    <div className="flex gap-3 rounded-xl surface-2 p-4 text-sm">
      <Icon aria-hidden className="mt-0.5 h-5 w-5 shrink-0 text-accent" />
      <div>
        <p className="font-semibold">{title}</p>
        <p className="mt-1 text-muted">{children}</p>
      </div>
    </div>
  )
}

// ── Review ─────────────────────────────────────────────────────────────────────────────────────────────────

export function paymentLabel(method: PaymentMethod | null | undefined, brand?: string | null): string {
  switch (method) {
    case "card":
      return brand ? `Cartão ${cardBrandLabel(brand)}` : "Cartão de crédito"
    case "pix":
      return "PIX"
    case "boleto":
      return "Boleto bancário"
    case "checkout_pro":
      return "Mercado Pago"
    default:
      return "—"
  }
}

export function ReviewStep({ state, send }: StepProps) {
  const { context } = state
  const busy = !state.matches("review")
  const address = context.retryOrder?.address ?? context.addresses.find((a) => a.id === context.addressId)
  const shipping = context.retryOrder?.shipping ?? context.priced?.shipping
  const total = chosenTotals(context)?.totals.total ?? 0
  const installment = context.installmentOptions.find((o) => o.installments === context.installments)
  const action =
    context.method === "pix"
      ? "Gerar PIX"
      : context.method === "boleto"
        ? "Gerar boleto"
        : context.method === "checkout_pro"
          ? "Continuar no Mercado Pago"
          : `Pagar ${formatBRL(installment?.totalAmount ?? total)}`
  return (
    <form onSubmit={submit(send, "PLACE")} noValidate aria-busy={busy}>
      <StepHeading sub="Confira tudo antes de confirmar.">Revisão do pedido</StepHeading>
      <StepError title={PAYMENT_MESSAGES.orderRefusedTitle} message={context.errors.review} />
      <ul className="grid gap-3 text-sm">
        <ReviewRow
          icon={MapPin}
          label="Entrega em"
          onEdit={context.orderId ? null : () => send({ type: "EDIT", step: "address" })}
          editLabel="Alterar endereço"
        >
          {address ? (
            <>
              <span className="font-medium">{address.name}</span>
              <span className="block text-muted">{addressLine(address)}</span>
            </>
          ) : (
            "—"
          )}
        </ReviewRow>
        <ReviewRow
          icon={Truck}
          label="Frete"
          onEdit={context.orderId ? null : () => send({ type: "EDIT", step: "shipping" })}
          editLabel="Alterar frete"
        >
          {shipping ? (
            <>
              {shipping.name} · {shipping.price === 0 ? FREE_SHIPPING_LABEL : formatBRL(shipping.price)}
              <span className="block text-muted">Prazo: {leadTimeFor(shipping)}</span>
            </>
          ) : (
            "—"
          )}
        </ReviewRow>
        <ReviewRow
          icon={context.method === "card" ? CreditCard : context.method === "pix" ? QrCode : Barcode}
          label="Pagamento"
          onEdit={() => send({ type: "EDIT", step: "payment" })}
          editLabel="Alterar pagamento"
        >
          {paymentLabel(context.method, context.cardToken?.paymentMethodId)}
          {context.method === "card" && context.cardToken && ` final ${context.cardToken.lastFour}`}
          {context.method === "card" && installment && (
            <span className="block text-muted">{installment.message}</span>
          )}
        </ReviewRow>
      </ul>
      <p className="mt-5 flex items-start gap-2 text-xs text-muted">
        <ShieldCheck aria-hidden className="h-4 w-4 shrink-0" />
        As figuras são produzidas depois do pagamento. Ao confirmar, você concorda com os termos de uso da
        loja.
      </p>
      <Actions>
        <button
          type="button"
          className="btn btn-ghost"
          disabled={busy}
          onClick={() => send({ type: "BACK" })}
        >
          Voltar
        </button>
        <button type="submit" className="btn btn-primary sm:min-w-56" disabled={busy} aria-disabled={busy}>
          {busy ? (
            <>
              <Spinner /> Processando pagamento...
            </>
          ) : (
            action
          )}
        </button>
      </Actions>
      <p className="sr-only" role="status" aria-live="polite">
        {busy ? "Processando pagamento..." : ""}
      </p>
    </form>
  )
}

function ReviewRow({
  icon: Icon,
  label,
  children,
  onEdit,
  editLabel,
}: {
  icon: typeof MapPin
  label: string
  children: ReactNode
  onEdit: (() => void) | null
  editLabel: string
}) {
  return (
    <li className="flex gap-3 rounded-xl border border-theme p-4">
      <Icon aria-hidden className="mt-0.5 h-5 w-5 shrink-0 text-accent" />
      <div className="min-w-0 flex-1">
        <h3 className="text-xs font-semibold uppercase tracking-wide text-muted">{label}</h3>
        <div className="mt-1">{children}</div>
      </div>
      {onEdit && (
        <button
          type="button"
          className="self-start rounded-lg p-2 text-muted hover:surface-2"
          aria-label={editLabel}
          onClick={onEdit}
        >
          <Pencil aria-hidden className="h-4 w-4" />
        </button>
      )}
    </li>
  )
}
