import { and, assign, fromPromise, not, setup } from "xstate"
import { type AddressField, validateAddress } from "../../domain/orders/address"
import { normalizeCouponCode } from "../../domain/orders/coupon"
import { maskCpfInput, validateCpf } from "../../domain/orders/cpf"
import type { InstallmentOption } from "../../domain/orders/installments"
import type { PaymentMethod } from "../../domain/orders/order"
import { PAYMENT_MESSAGES } from "../../domain/orders/paymentMessages"
import { maskCepInput, validateCep } from "../../domain/postal"
import type { RouterOutputs } from "../lib/trpc"

/** How often an answer-less payment (the gateway did not reply) is asked about, and for how long. */
export const POLL_INTERVAL_MS = 3000
export const MAX_POLLS = 20

export type StartData = RouterOutputs["checkout"]["start"]
export type SavedAddress = StartData["addresses"][number]
export type PricedCheckout = RouterOutputs["checkout"]["price"]
export type CheckoutOrder = RouterOutputs["orders"]["get"]
export type CepInfo = RouterOutputs["shipping"]["lookupCep"]

export type CheckoutStep = "address" | "shipping" | "payment" | "review"
export type AddressDraft = Record<AddressField, string> & { makeDefault: boolean }
export type CardField = "number" | "holder" | "expiry" | "securityCode"
export type CardForm = Record<CardField, string>

/** What a tokenizer (the sandbox's or MercadoPago.js) is given: MercadoPago.js's createCardToken fields. */
export interface CardTokenInput {
  readonly cardNumber: string
  readonly cardholderName: string
  readonly cardExpirationMonth: string
  readonly cardExpirationYear: string
  readonly securityCode: string
  readonly identificationType: "CPF"
  readonly identificationNumber: string
}

export interface CardToken {
  readonly token: string
  /** The brand ("master", "visa", ...). */
  readonly paymentMethodId: string
  readonly issuerId: string | null
  readonly lastFour: string
}

/** A tokenizer's refusal: the pt-BR message and, when known, the form field it concerns. */
export class CardTokenError extends Error {
  override name = "CardTokenError"
  constructor(
    message: string,
    readonly field: string | null = null,
  ) {
    super(message)
  }
}

export type PaymentChoice =
  | {
      method: "card"
      card: { token: string; installments: number; paymentMethodId: string; issuerId: string | null }
    }
  | { method: Exclude<PaymentMethod, "card"> }

/** A prepaid plan bought at `/checkout?collection=&period=` instead of the cart. */
export interface PlanChoice {
  readonly collectionId: string
  readonly planId: string
}

export interface Choice {
  readonly plan?: PlanChoice | null
  readonly addressId: string
  readonly shippingOptionId: string | null
  readonly couponCode: string | null
  /** Community coins to spend; the server checks them against the balance and the cap. */
  readonly coins?: number
}

export interface PlaceOrderInput extends Choice {
  readonly idempotencyKey: string
  readonly cpf: string
  readonly payment: PaymentChoice
}

export interface PayOrderInput {
  readonly orderId: string
  readonly idempotencyKey: string
  readonly payment: PaymentChoice
}

export interface InstallmentsInput {
  readonly of: Choice | { readonly orderId: string }
  readonly bin: string | null
}

export interface StepErrors {
  address: string | null
  shipping: string | null
  payment: string | null
  review: string | null
}

export interface CheckoutContext {
  /** An order being paid again (`/checkout?pedido=`): payOrder instead of placeOrder, no address or shipping. */
  orderId: string | null
  /** The prepaid plan being bought, priced by the server like a cart; null: the cart. */
  plan: PlanChoice | null
  start: StartData | null
  addresses: SavedAddress[]
  addressId: string | null
  draft: AddressDraft
  /** The CEP the cart quoted shipping for (digits, "" when none): a new address starts with it. */
  rememberedCep: string
  /** The CEP last asked about, so typing around it does not ask again. */
  lookedUpCep: string | null
  shippingOptionId: string | null
  /** The code sent to the server (applied); `couponInput` is what the field shows. */
  couponCode: string | null
  couponInput: string
  /** Coins asked for and applied by the server's last price (0: none). */
  coins: number
  priced: PricedCheckout | null
  /** The order a retry pays: its totals are the summary. */
  retryOrder: CheckoutOrder | null
  method: PaymentMethod | null
  card: CardForm
  cpf: string
  installments: number
  installmentOptions: InstallmentOption[]
  installmentsBin: string | null
  cardToken: CardToken | null
  /** Whether the card tokenizer (MercadoPago.js) loaded; the sandbox's is ready at once. */
  paymentReady: boolean
  /** One per payment attempt: kept across retries of the same attempt, renewed after a refusal. */
  idempotencyKey: string | null
  /**
   * The key's request failed with a payment error: an order may exist for it. The next submit replays it
   * first (an idempotent replay only answers with that order) and then pays that order with a new key.
   */
  replayFirst: boolean
  errors: StepErrors
  fieldErrors: Record<string, string>
  order: CheckoutOrder | null
  polls: number
  makeKey: () => string
}

export interface CheckoutInput {
  readonly orderId?: string | null
  readonly plan?: PlanChoice | null
  /** The CEP the cart quoted shipping for: the new-address form starts with it, looked up. */
  readonly cep?: string
  /** The coupon applied before a reload: applied again, the server checking it once more. */
  readonly couponCode?: string | null
  /** Makes idempotency keys; crypto.randomUUID in the browser. */
  readonly makeKey?: () => string
}

export type CheckoutEvent =
  | { type: "RETRY" }
  | { type: "SELECT_ADDRESS"; id: string }
  | { type: "NEW_ADDRESS" }
  | { type: "CANCEL_ADDRESS" }
  | { type: "CHANGE_DRAFT"; field: AddressField; value: string }
  | { type: "TOGGLE_DEFAULT"; value: boolean }
  | { type: "SAVE_ADDRESS" }
  | { type: "CONTINUE" }
  | { type: "BACK" }
  | { type: "EDIT"; step: "address" | "shipping" | "payment" }
  | { type: "SELECT_SHIPPING"; id: string }
  | { type: "CHANGE_COUPON"; value: string }
  | { type: "APPLY_COUPON" }
  | { type: "REMOVE_COUPON" }
  | { type: "SET_COINS"; coins: number }
  | { type: "SELECT_METHOD"; method: PaymentMethod }
  | { type: "CHANGE_CARD"; field: CardField; value: string }
  | { type: "CHANGE_CPF"; value: string }
  | { type: "SELECT_INSTALLMENTS"; installments: number }
  | { type: "PAYMENT_READY" }
  | { type: "PAYMENT_FAILED_TO_LOAD" }
  | { type: "PLACE" }

/** A failed call as the machine sees it: what kind of failure, its pt-BR message and any field errors. */
export interface Failure {
  readonly kind: "network" | "refused" | "payment" | "limit" | "notFound" | "other"
  readonly message: string
  readonly fieldErrors: Readonly<Record<string, string>>
}

/** Reads a tRPC client error (or anything thrown) without depending on the client's classes. */
export function describeFailure(error: unknown, fallback: string = PAYMENT_MESSAGES.processFailed): Failure {
  const e = (typeof error === "object" && error !== null ? error : {}) as {
    message?: unknown
    data?: { code?: unknown; fieldErrors?: unknown } | null
  }
  const code = typeof e.data?.code === "string" ? e.data.code : null
  const message = typeof e.message === "string" && e.message.trim() !== "" ? e.message : fallback
  const fieldErrors =
    e.data?.fieldErrors && typeof e.data.fieldErrors === "object"
      ? (e.data.fieldErrors as Record<string, string>)
      : {}
  if (!code) return { kind: "network", message: fallback, fieldErrors: {} }
  if (code === "UNPROCESSABLE_CONTENT") return { kind: "payment", message, fieldErrors }
  if (code === "TOO_MANY_REQUESTS") return { kind: "limit", message, fieldErrors }
  if (code === "NOT_FOUND") return { kind: "notFound", message, fieldErrors }
  if (code === "BAD_REQUEST") return { kind: "refused", message, fieldErrors }
  return { kind: "other", message: code === "INTERNAL_SERVER_ERROR" ? fallback : message, fieldErrors }
}

const digits = (s: string) => s.replace(/\D/g, "")

/** Luhn's check digit, which every card number carries. */
export function luhnValid(number: string): boolean {
  const d = digits(number)
  if (d.length < 13 || d.length > 19) return false
  let sum = 0
  for (let i = 0; i < d.length; i++) {
    let n = Number(d[d.length - 1 - i])
    if (i % 2 === 1) {
      n *= 2
      if (n > 9) n -= 9
    }
    sum += n
  }
  return sum % 10 === 0
}

/** "5031433215406351" → "5031 4332 1540 6351"; Amex (34/37) as 4-6-5. */
export function maskCardNumber(raw: string): string {
  const d = digits(raw).slice(0, 19)
  if (/^3[47]/.test(d)) return [d.slice(0, 4), d.slice(4, 10), d.slice(10, 15)].filter(Boolean).join(" ")
  return d.replace(/(\d{4})(?=\d)/g, "$1 ")
}

/** "1130" → "11/30". */
export function maskExpiry(raw: string): string {
  const d = digits(raw).slice(0, 4)
  return d.length > 2 ? `${d.slice(0, 2)}/${d.slice(2)}` : d
}

export const CARD_MESSAGES = {
  number: "Número do cartão inválido",
  holder: "Informe o nome impresso no cartão",
  expiry: "Validade inválida (use MM/AA)",
  securityCode: "Código de segurança inválido",
} as const

/** The card form's problems, each under its field; empty when the tokenizer may be asked. */
export function validateCardForm(card: CardForm): Partial<Record<CardField, string>> {
  const errors: Partial<Record<CardField, string>> = {}
  if (!luhnValid(card.number)) errors.number = CARD_MESSAGES.number
  if (!card.holder.trim()) errors.holder = CARD_MESSAGES.holder
  const [month, year] = card.expiry.split("/")
  if (!/^\d{2}$/.test(month ?? "") || !/^\d{2}$/.test(year ?? "") || Number(month) < 1 || Number(month) > 12)
    errors.expiry = CARD_MESSAGES.expiry
  if (!/^\d{3,4}$/.test(card.securityCode)) errors.securityCode = CARD_MESSAGES.securityCode
  return errors
}

/** The tokenizer's field names, as the card form calls them. */
const TOKEN_FIELDS: Readonly<Record<string, string>> = {
  cardNumber: "number",
  cardholderName: "holder",
  expirationMonth: "expiry",
  expirationYear: "expiry",
  cardExpirationMonth: "expiry",
  cardExpirationYear: "expiry",
  securityCode: "securityCode",
  cpf: "cpf",
  identificationNumber: "cpf",
}

/** What the tokenizer is given for the card as typed, with the holder's CPF. */
export function tokenInputOf(card: CardForm, cpf: string): CardTokenInput {
  const [month = "", year = ""] = card.expiry.split("/")
  return {
    cardNumber: digits(card.number),
    cardholderName: card.holder.trim(),
    cardExpirationMonth: month,
    cardExpirationYear: year.length === 2 ? `20${year}` : year,
    securityCode: card.securityCode,
    identificationType: "CPF",
    identificationNumber: digits(cpf),
  }
}

/** A tokenizer's refusal as the card form shows it: the message above the form and the field's own error. */
export function tokenFailure(error: unknown): { message: string; fieldErrors: Record<string, string> } {
  if (!(error instanceof CardTokenError)) return { message: PAYMENT_MESSAGES.processFailed, fieldErrors: {} }
  const field = error.field ? TOKEN_FIELDS[error.field] : undefined
  return field
    ? { message: PAYMENT_MESSAGES.invalidCard, fieldErrors: { [field]: error.message } }
    : { message: error.message, fieldErrors: {} }
}

/** Which step a server refusal's field belongs to. */
const FIELD_STEP: Readonly<Record<string, CheckoutStep>> = {
  address: "address",
  name: "address",
  street: "address",
  number: "address",
  complement: "address",
  neighborhood: "address",
  city: "address",
  state: "address",
  zipCode: "address",
  shipping: "shipping",
  coupon: "shipping",
  coins: "shipping",
  cpf: "payment",
  installments: "payment",
}

export const stepOfFailure = (failure: Failure): CheckoutStep =>
  Object.keys(failure.fieldErrors)
    .map((field) => FIELD_STEP[field])
    .find((step) => step !== undefined) ?? "review"

const EMPTY_DRAFT: AddressDraft = {
  name: "",
  street: "",
  number: "",
  complement: "",
  neighborhood: "",
  city: "",
  state: "",
  zipCode: "",
  makeDefault: false,
}

/** A new address starts with the CEP the cart quoted shipping for. */
const freshDraft = (context: Pick<CheckoutContext, "rememberedCep">): AddressDraft => ({
  ...EMPTY_DRAFT,
  zipCode: maskCepInput(context.rememberedCep),
})

const NO_ERRORS: StepErrors = { address: null, shipping: null, payment: null, review: null }
const EMPTY_CARD: CardForm = { number: "", holder: "", expiry: "", securityCode: "" }

const wasRefused = (order: CheckoutOrder) =>
  order.status === "rejected" || order.payment?.status === "rejected" || order.payment?.status === "cancelled"
const awaitsAnswer = (order: CheckoutOrder) =>
  order.status === "awaiting_payment" && order.payment?.status === "new" && !order.payment.redirectUrl

const choiceOf = (context: CheckoutContext): Choice => ({
  // Only a plan purchase names one: the cart's requests stay as they always were.
  ...(context.plan ? { plan: context.plan } : {}),
  addressId: context.addressId ?? "",
  shippingOptionId: context.shippingOptionId,
  couponCode: context.couponCode,
  ...(context.coins > 0 ? { coins: context.coins } : {}),
})

function paymentOf(context: CheckoutContext): PaymentChoice {
  const method = context.method ?? "pix"
  if (method !== "card") return { method }
  const token = context.cardToken
  return {
    method: "card",
    card: {
      token: token?.token ?? "",
      installments: context.installments,
      paymentMethodId: token?.paymentMethodId ?? "",
      issuerId: token?.issuerId ?? null,
    },
  }
}

/** The payment step's problems before anything is sent: method, CPF, card form. */
function paymentProblems(context: CheckoutContext): {
  message: string | null
  fields: Record<string, string>
} {
  if (!context.method) return { message: PAYMENT_MESSAGES.notInitialised, fields: {} }
  const fields: Record<string, string> = {}
  const cpf = validateCpf(context.cpf)
  if (!cpf.ok) fields.cpf = cpf.message
  if (context.method === "card") {
    if (!context.paymentReady) return { message: PAYMENT_MESSAGES.cardFormNotReady, fields }
    Object.assign(fields, validateCardForm(context.card))
    if (!context.installmentOptions.some((o) => o.installments === context.installments))
      fields.installments = PAYMENT_MESSAGES.installments
  }
  const cardProblem = ["number", "holder", "expiry", "securityCode"].some((f) => f in fields)
  return { message: cardProblem ? PAYMENT_MESSAGES.invalidCard : null, fields }
}

const coinWord = (n: number) => (n === 1 ? "moeda" : "moedas")

/**
 * The coins field's text as a number for `coinsRefusal`: whole numbers only, a comma or point read as a
 * fraction ("1,5" is 1.5, refused, never 15), and anything else (empty, letters) as unreadable.
 */
export function readCoins(text: string): number {
  const t = text.trim()
  return /^-?\d+([.,]\d+)?$/.test(t) ? Number(t.replace(",", ".")) : Number.NaN
}

/**
 * Why the coins typed at checkout cannot be asked for, or null (0 takes them off). Said next to the field
 * before any request, so an impossible amount never reprices the order; the server checks again.
 */
export function coinsRefusal(asked: number, coins: { balance: number; max: number }): string | null {
  if (Number.isNaN(asked)) return "Digite a quantidade de moedas em números."
  if (asked < 0) return "A quantidade de moedas não pode ser negativa."
  if (!Number.isSafeInteger(asked)) return "Use um número inteiro de moedas."
  if (asked > coins.balance)
    return `Você não tem moedas suficientes: seu saldo é de ${coins.balance} ${coinWord(coins.balance)}.`
  if (asked > coins.max) return `Neste pedido você pode usar até ${coins.max} ${coinWord(coins.max)}.`
  return null
}

/** The refusal of a SET_COINS against the last price's balance and cap (none priced yet: none to spend). */
const refusedCoins = (context: CheckoutContext, event: { coins: number }) =>
  coinsRefusal(event.coins, context.priced?.coins ?? { balance: 0, max: 0 })

const withoutFields = (errors: Record<string, string>, ...fields: string[]) =>
  Object.fromEntries(Object.entries(errors).filter(([k]) => !fields.includes(k)))

// Real effects live in the route; these defaults fail loudly so a forgotten `.provide()` lands on an error.
const notProvided = (name: string) => async (): Promise<never> => {
  throw new Error(`${name} not provided`)
}

const errorOf = (event: unknown) => describeFailure((event as { error?: unknown }).error)

/** A refused or failed submit, by what went wrong (placeOrder and payOrder alike). */
const SUBMIT_FAILED = [
  {
    // The order may exist (the gateway refused the card or did not answer): the next submit replays.
    guard: "paymentFailure",
    target: "#checkout.payment",
    actions: "recordPaymentFailure",
  },
  {
    guard: { type: "refusedAt", params: { step: "address" } },
    target: "#checkout.address",
    actions: "recordRefusal",
  },
  {
    guard: { type: "refusedAt", params: { step: "shipping" } },
    target: "#checkout.shipping.ready",
    actions: "recordRefusal",
  },
  {
    guard: { type: "refusedAt", params: { step: "payment" } },
    target: "#checkout.payment",
    actions: "recordRefusal",
  },
  {
    guard: { type: "refusedAt", params: { step: "review" } },
    target: "#checkout.review",
    actions: "recordRefusal",
  },
  // Network gone, limit reached, server error: the same attempt is sent again, with the same key.
  { target: "#checkout.review", actions: "recordSubmitError" },
] as const

export const checkoutMachine = setup({
  types: {
    context: {} as CheckoutContext,
    events: {} as CheckoutEvent,
    input: {} as CheckoutInput,
  },
  actors: {
    loadStart: fromPromise<StartData, void>(notProvided("loadStart")),
    loadOrder: fromPromise<CheckoutOrder, { orderId: string }>(notProvided("loadOrder")),
    price: fromPromise<PricedCheckout, Choice>(notProvided("price")),
    saveAddress: fromPromise<SavedAddress, { address: Record<AddressField, string>; makeDefault: boolean }>(
      notProvided("saveAddress"),
    ),
    lookupCep: fromPromise<CepInfo, { cep: string }>(notProvided("lookupCep")),
    tokenizeCard: fromPromise<CardToken, CardTokenInput>(notProvided("tokenizeCard")),
    loadInstallments: fromPromise<InstallmentOption[], InstallmentsInput>(notProvided("loadInstallments")),
    placeOrder: fromPromise<CheckoutOrder, PlaceOrderInput>(notProvided("placeOrder")),
    payOrder: fromPromise<CheckoutOrder, PayOrderInput>(notProvided("payOrder")),
    pollOrder: fromPromise<CheckoutOrder, { orderId: string }>(notProvided("pollOrder")),
  },
  actions: {
    changeDraft: assign(({ context, event }) => {
      if (event.type !== "CHANGE_DRAFT") return {}
      return {
        draft: { ...context.draft, [event.field]: event.value },
        fieldErrors: withoutFields(context.fieldErrors, event.field),
      }
    }),
    changeCard: assign(({ context, event }) => {
      if (event.type !== "CHANGE_CARD") return {}
      return {
        card: { ...context.card, [event.field]: event.value },
        // A token stands for the card as it was typed.
        cardToken: null,
        fieldErrors: withoutFields(context.fieldErrors, event.field),
        // "Dados do cartão inválidos" is about what was typed: it goes once the customer corrects it.
        errors:
          context.errors.payment === PAYMENT_MESSAGES.invalidCard
            ? { ...context.errors, payment: null }
            : context.errors,
      }
    }),
    recordPrice: assign(({ context }, priced: PricedCheckout) => {
      const refused = context.couponCode !== null && priced.coupon === null
      const totalChanged = context.priced?.totals.total !== priced.totals.total
      return {
        priced,
        // Installments are computed for a total: a new total needs a new table.
        installmentOptions: totalChanged ? [] : context.installmentOptions,
        shippingOptionId: priced.shipping?.id ?? null,
        // A refused code is not kept: the summary is the one without it.
        couponCode: refused ? null : context.couponCode,
        // What the server allowed (none when the ask no longer fits, e.g. a coupon lowered the cap).
        coins: priced.coins.coins,
        errors: { ...context.errors, shipping: null },
        // A refusal stays next to the code it is about until the code is changed, removed or accepted.
        fieldErrors: refused
          ? { ...context.fieldErrors, coupon: priced.couponError ?? "Cupom inválido" }
          : withoutFields(context.fieldErrors, ...(priced.coupon ? ["coupon"] : []), "shipping"),
      }
    }),
    recordPaymentFailure: assign(({ context, event }) => ({
      replayFirst: true,
      cardToken: null,
      errors: { ...context.errors, payment: errorOf(event).message },
    })),
    recordRefusal: assign(({ context, event }) => {
      const failure = errorOf(event)
      // Refused before an order existed: the next attempt is a new one.
      return {
        idempotencyKey: null,
        replayFirst: false,
        fieldErrors: { ...context.fieldErrors, ...failure.fieldErrors },
        errors: { ...context.errors, [stepOfFailure(failure)]: failure.message },
      }
    }),
    recordSubmitError: assign(({ context, event }) => ({
      errors: { ...context.errors, review: errorOf(event).message },
    })),
    /** Goes to the result page of the order (`/payment-success?pedido=`). */
    showResult: (_, _params: { orderId: string }) => {},
    /** Leaves for Mercado Pago's hosted checkout. */
    redirectTo: (_, _params: { url: string }) => {},
  },
  guards: {
    retrying: ({ context }) => context.orderId !== null,
    hasAddresses: ({ context }) => context.addresses.length > 0,
    hasAddress: ({ context }) => context.addresses.some((a) => a.id === context.addressId),
    draftValid: ({ context }) => validateAddress(context.draft).ok,
    hasShipping: ({ context }) => context.priced?.shipping != null,
    restoresCoupon: ({ context }) =>
      context.couponCode !== null && context.addressId !== null && context.plan === null,
    hasCouponInput: ({ context }) => context.couponInput.trim() !== "",
    paymentComplete: ({ context }) => {
      const problems = paymentProblems(context)
      return problems.message === null && Object.keys(problems.fields).length === 0
    },
    needsToken: ({ context }) => context.method === "card" && context.cardToken === null,
    wantsInstallments: ({ context }) => context.method === "card" && context.installmentOptions.length === 0,
    canPlace: ({ context }) =>
      context.method !== null && (context.method !== "card" || context.cardToken !== null),
    replayFirst: ({ context }) => context.replayFirst,
    paymentFailure: ({ event }) => errorOf(event).kind === "payment",
    refusedAt: ({ event }, params: { step: CheckoutStep }) => {
      const failure = errorOf(event)
      return failure.kind === "refused" && stepOfFailure(failure) === params.step
    },
    mayPoll: ({ context }) => context.polls < MAX_POLLS,
  },
  delays: {
    POLL_INTERVAL: POLL_INTERVAL_MS,
  },
}).createMachine({
  id: "checkout",
  context: ({ input }) => ({
    orderId: input.orderId ?? null,
    plan: input.plan ?? null,
    start: null,
    addresses: [],
    addressId: null,
    draft: freshDraft({ rememberedCep: input.cep ?? "" }),
    rememberedCep: input.cep ?? "",
    lookedUpCep: null,
    shippingOptionId: null,
    couponCode: input.plan || input.orderId ? null : (input.couponCode ?? null),
    couponInput: input.plan || input.orderId ? "" : (input.couponCode ?? ""),
    coins: 0,
    priced: null,
    retryOrder: null,
    method: "card",
    card: EMPTY_CARD,
    cpf: "",
    installments: 1,
    installmentOptions: [],
    installmentsBin: null,
    cardToken: null,
    paymentReady: false,
    idempotencyKey: null,
    replayFirst: false,
    errors: NO_ERRORS,
    fieldErrors: {},
    order: null,
    polls: 0,
    makeKey: input.makeKey ?? (() => crypto.randomUUID()),
  }),
  initial: "loading",
  on: {
    // The tokenizer loads beside the steps (MercadoPago.js on the payment step): its news may come at any time.
    PAYMENT_READY: { actions: assign({ paymentReady: true }) },
    PAYMENT_FAILED_TO_LOAD: {
      actions: assign(({ context }) => ({
        paymentReady: false,
        errors: { ...context.errors, payment: PAYMENT_MESSAGES.loadFailed },
      })),
    },
  },
  states: {
    loading: {
      invoke: {
        src: "loadStart",
        onDone: {
          target: "loaded",
          actions: assign(({ event }) => {
            const addresses = [...event.output.addresses]
            const chosen = addresses.find((a) => a.isDefault) ?? addresses[0] ?? null
            return {
              start: event.output,
              addresses,
              addressId: chosen?.id ?? null,
              cpf: event.output.cpf ? maskCpfInput(event.output.cpf) : "",
            }
          }),
        },
        onError: {
          target: "loadFailed",
          actions: assign(({ event }) => ({
            errors: { ...NO_ERRORS, review: describeFailure(event.error, LOAD_FAILED).message },
          })),
        },
      },
    },
    loaded: {
      always: [
        { guard: "retrying", target: "loadingOrder" },
        { guard: "restoresCoupon", target: "restoring" },
        { target: "address" },
      ],
    },
    /** A coupon applied before a reload is priced again at once: the summary shows it, or why it no longer applies. */
    restoring: {
      invoke: {
        src: "price",
        input: ({ context }) => choiceOf(context),
        onDone: { target: "address", actions: { type: "recordPrice", params: ({ event }) => event.output } },
        // The shipping step prices again and says what went wrong there.
        onError: { target: "address" },
      },
    },
    loadingOrder: {
      invoke: {
        src: "loadOrder",
        input: ({ context }) => ({ orderId: context.orderId ?? "" }),
        onDone: [
          {
            guard: ({ event }) => event.output.canRetry,
            target: "payment",
            actions: assign(({ event }) => ({ retryOrder: event.output, order: event.output })),
          },
          {
            target: "result",
            actions: assign(({ event }) => ({ order: event.output })),
          },
        ],
        onError: {
          target: "loadFailed",
          actions: assign(({ event }) => ({
            errors: {
              ...NO_ERRORS,
              review: describeFailure(event.error, PAYMENT_MESSAGES.orderNotFound).message,
            },
          })),
        },
      },
    },
    loadFailed: {
      on: { RETRY: { target: "loading", actions: assign({ errors: NO_ERRORS }) } },
    },

    address: {
      initial: "choosing",
      states: {
        choosing: {
          always: { guard: not("hasAddresses"), target: "form" },
          on: {
            SELECT_ADDRESS: {
              actions: assign(({ context, event }) => ({
                addressId: event.id,
                // The summary and shipping were the old address's.
                priced: context.addressId === event.id ? context.priced : null,
                shippingOptionId: context.addressId === event.id ? context.shippingOptionId : null,
                errors: { ...context.errors, address: null },
              })),
            },
            NEW_ADDRESS: {
              target: "form",
              actions: assign(({ context }) => ({
                draft: freshDraft(context),
                lookedUpCep: null,
                fieldErrors: {},
              })),
            },
            CONTINUE: [
              { guard: "hasAddress", target: "#checkout.shipping" },
              {
                actions: assign(({ context }) => ({
                  errors: { ...context.errors, address: "Escolha um endereço de entrega" },
                })),
              },
            ],
          },
        },
        form: {
          initial: "starting",
          on: {
            CHANGE_DRAFT: [
              {
                // A complete, plausible CEP fills the rest of the address.
                guard: ({ context, event }) => {
                  if (event.field !== "zipCode") return false
                  const checked = validateCep(event.value)
                  return checked.ok && checked.cep !== context.lookedUpCep
                },
                target: ".lookingUp",
                reenter: true,
                actions: "changeDraft",
              },
              { actions: "changeDraft" },
            ],
            TOGGLE_DEFAULT: {
              actions: assign(({ context, event }) => ({
                draft: { ...context.draft, makeDefault: event.value },
              })),
            },
            CANCEL_ADDRESS: {
              guard: "hasAddresses",
              target: "choosing",
              actions: assign({ fieldErrors: {} }),
            },
            SAVE_ADDRESS: [
              { guard: "draftValid", target: ".saving", actions: assign({ fieldErrors: {} }) },
              {
                target: ".editing",
                actions: assign(({ context }) => {
                  const checked = validateAddress(context.draft)
                  return { fieldErrors: checked.ok ? {} : { ...checked.errors } }
                }),
              },
            ],
          },
          states: {
            // A CEP the form starts with (the cart's) is looked up as if typed.
            starting: {
              always: [
                {
                  guard: ({ context }) => {
                    const checked = validateCep(context.draft.zipCode)
                    return checked.ok && checked.cep !== context.lookedUpCep
                  },
                  target: "lookingUp",
                },
                { target: "editing" },
              ],
            },
            editing: {},
            lookingUp: {
              invoke: {
                src: "lookupCep",
                input: ({ context }) => ({ cep: context.draft.zipCode }),
                onDone: {
                  target: "editing",
                  actions: assign(({ context, event }) => {
                    const found = event.output
                    const fill = (field: "street" | "neighborhood" | "city", value: string) =>
                      value || context.draft[field]
                    return {
                      lookedUpCep: validateCep(found.cep).ok ? found.cep.replace("-", "") : null,
                      draft: {
                        ...context.draft,
                        street: fill("street", found.street),
                        neighborhood: fill("neighborhood", found.neighborhood),
                        city: fill("city", found.city),
                        state: found.state ?? context.draft.state,
                      },
                      fieldErrors: withoutFields(
                        context.fieldErrors,
                        "zipCode",
                        ...(found.complete ? ["street", "neighborhood", "city", "state"] : ["state"]),
                      ),
                    }
                  }),
                },
                onError: {
                  target: "editing",
                  actions: assign(({ context, event }) => {
                    const failure = describeFailure(event.error)
                    // ViaCEP down or the network gone: the customer types the address by hand.
                    if (failure.kind === "network" || failure.kind === "other") return {}
                    return { fieldErrors: { ...context.fieldErrors, zipCode: failure.message } }
                  }),
                },
              },
            },
            saving: {
              invoke: {
                src: "saveAddress",
                input: ({ context }) => {
                  const { makeDefault, ...address } = context.draft
                  return { address, makeDefault }
                },
                onDone: {
                  target: "#checkout.shipping",
                  actions: assign(({ context, event }) => ({
                    addresses: [
                      ...context.addresses
                        .filter((a) => a.id !== event.output.id)
                        .map((a) => (event.output.isDefault ? { ...a, isDefault: false } : a)),
                      event.output,
                    ],
                    addressId: event.output.id,
                    priced: null,
                    shippingOptionId: null,
                    draft: freshDraft(context),
                    lookedUpCep: null,
                    errors: { ...context.errors, address: null },
                  })),
                },
                onError: {
                  target: "editing",
                  actions: assign(({ context, event }) => {
                    const failure = describeFailure(event.error)
                    return {
                      fieldErrors: { ...context.fieldErrors, ...failure.fieldErrors },
                      errors: {
                        ...context.errors,
                        address: Object.keys(failure.fieldErrors).length > 0 ? null : failure.message,
                      },
                    }
                  }),
                },
              },
            },
          },
        },
      },
    },

    shipping: {
      initial: "pricing",
      on: {
        BACK: { target: "address" },
      },
      states: {
        pricing: {
          invoke: {
            src: "price",
            input: ({ context }) => choiceOf(context),
            onDone: {
              target: "ready",
              actions: { type: "recordPrice", params: ({ event }) => event.output },
            },
            onError: [
              {
                guard: ({ event }) => describeFailure(event.error).fieldErrors.address !== undefined,
                target: "#checkout.address",
                actions: assign(({ context, event }) => ({
                  errors: { ...context.errors, address: describeFailure(event.error).message },
                })),
              },
              {
                target: "failed",
                actions: assign(({ context, event }) => {
                  const failure = describeFailure(
                    event.error,
                    "Não foi possível calcular o frete. Tente novamente.",
                  )
                  return {
                    // A shipping option that no longer exists is forgotten: the next price picks the cheapest.
                    shippingOptionId: failure.fieldErrors.shipping ? null : context.shippingOptionId,
                    errors: { ...context.errors, shipping: failure.message },
                  }
                }),
              },
            ],
          },
        },
        ready: {
          on: {
            SELECT_SHIPPING: {
              target: "pricing",
              actions: assign({ shippingOptionId: ({ event }) => event.id }),
            },
            CHANGE_COUPON: {
              actions: assign(({ context, event }) => ({
                couponInput: event.value,
                fieldErrors: withoutFields(context.fieldErrors, "coupon"),
              })),
            },
            APPLY_COUPON: [
              {
                guard: "hasCouponInput",
                target: "pricing",
                actions: assign(({ context }) => ({ couponCode: normalizeCouponCode(context.couponInput) })),
              },
              {
                actions: assign(({ context }) => ({
                  fieldErrors: { ...context.fieldErrors, coupon: "Digite o código do cupom" },
                })),
              },
            ],
            SET_COINS: [
              {
                guard: ({ context, event }) => refusedCoins(context, event) !== null,
                actions: assign(({ context, event }) => ({
                  fieldErrors: { ...context.fieldErrors, coins: refusedCoins(context, event) ?? "" },
                })),
              },
              {
                target: "pricing",
                actions: assign(({ context, event }) => ({
                  coins: event.coins,
                  fieldErrors: withoutFields(context.fieldErrors, "coins"),
                })),
              },
            ],
            REMOVE_COUPON: {
              target: "pricing",
              actions: assign(({ context }) => ({
                couponCode: null,
                couponInput: "",
                fieldErrors: withoutFields(context.fieldErrors, "coupon"),
              })),
            },
            CONTINUE: [
              { guard: "hasShipping", target: "#checkout.payment" },
              {
                actions: assign(({ context }) => ({
                  errors: { ...context.errors, shipping: "Escolha uma opção de frete" },
                })),
              },
            ],
          },
        },
        failed: {
          on: {
            RETRY: { target: "pricing" },
            SELECT_SHIPPING: {
              target: "pricing",
              actions: assign({ shippingOptionId: ({ event }) => event.id }),
            },
          },
        },
      },
    },

    payment: {
      initial: "checking",
      on: {
        BACK: { guard: not("retrying"), target: "shipping" },
        SELECT_METHOD: {
          target: ".checking",
          actions: assign(({ context, event }) => ({
            method: event.method,
            errors: { ...context.errors, payment: null },
          })),
        },
        CHANGE_CARD: [
          {
            // A new card's first six digits may change the brand's installment table.
            guard: ({ context, event }) => {
              if (event.field !== "number") return false
              const bin = digits(event.value).slice(0, 6)
              return bin.length === 6 && bin !== context.installmentsBin
            },
            target: ".loadingInstallments",
            actions: [
              "changeCard",
              assign({ installmentsBin: ({ event }) => digits(event.value).slice(0, 6) }),
            ],
          },
          { actions: "changeCard" },
        ],
        CHANGE_CPF: {
          actions: assign(({ context, event }) => ({
            cpf: maskCpfInput(event.value),
            cardToken: null,
            fieldErrors: withoutFields(context.fieldErrors, "cpf"),
          })),
        },
        SELECT_INSTALLMENTS: {
          actions: assign(({ context, event }) => ({
            installments: event.installments,
            fieldErrors: withoutFields(context.fieldErrors, "installments"),
          })),
        },
        // Also while a card's installments load: the table already shown stays valid for the total.
        CONTINUE: [
          {
            guard: not("paymentComplete"),
            actions: assign(({ context }) => {
              const problems = paymentProblems(context)
              return {
                errors: { ...context.errors, payment: problems.message },
                fieldErrors: { ...context.fieldErrors, ...problems.fields },
              }
            }),
          },
          {
            guard: "needsToken",
            target: ".tokenizing",
            actions: assign(({ context }) => ({ errors: { ...context.errors, payment: null } })),
          },
          {
            target: "#checkout.review",
            actions: assign(({ context }) => ({ errors: { ...context.errors, payment: null } })),
          },
        ],
      },
      states: {
        checking: {
          always: [{ guard: "wantsInstallments", target: "loadingInstallments" }, { target: "ready" }],
        },
        loadingInstallments: {
          invoke: {
            src: "loadInstallments",
            input: ({ context }) => ({
              of: context.orderId ? { orderId: context.orderId } : choiceOf(context),
              bin: context.installmentsBin,
            }),
            onDone: {
              target: "ready",
              actions: assign(({ context, event }) => ({
                installmentOptions: event.output,
                installments: event.output.some((o) => o.installments === context.installments)
                  ? context.installments
                  : 1,
              })),
            },
            onError: {
              target: "ready",
              actions: assign(({ context, event }) => ({
                errors: {
                  ...context.errors,
                  payment: describeFailure(event.error, PAYMENT_MESSAGES.methodsFailed).message,
                },
              })),
            },
          },
        },
        ready: {},
        tokenizing: {
          // One token per confirmation: a second click while the card is checked is ignored.
          on: { CONTINUE: { actions: [] } },
          invoke: {
            src: "tokenizeCard",
            input: ({ context }) => tokenInputOf(context.card, context.cpf),
            onDone: {
              target: "#checkout.review",
              actions: assign({ cardToken: ({ event }) => event.output }),
            },
            onError: {
              target: "ready",
              actions: assign(({ context, event }) => {
                const failure = tokenFailure(event.error)
                return {
                  errors: { ...context.errors, payment: failure.message },
                  fieldErrors: { ...context.fieldErrors, ...failure.fieldErrors },
                }
              }),
            },
          },
        },
      },
    },

    review: {
      on: {
        BACK: { target: "payment" },
        EDIT: [
          { guard: ({ event }) => event.step === "address", target: "address" },
          { guard: ({ event }) => event.step === "shipping", target: "shipping" },
          { target: "payment" },
        ],
        PLACE: {
          guard: "canPlace",
          target: "processing",
          actions: assign(({ context }) => ({
            idempotencyKey: context.idempotencyKey ?? context.makeKey(),
            errors: { ...context.errors, review: null },
          })),
        },
      },
    },

    // PLACE is not listened to here: a second click, or Enter held down, cannot send a second order.
    processing: {
      initial: "choosing",
      states: {
        choosing: {
          always: [{ guard: "retrying", target: "paying" }, { target: "placing" }],
        },
        placing: {
          invoke: {
            src: "placeOrder",
            input: ({ context }) => ({
              ...choiceOf(context),
              idempotencyKey: context.idempotencyKey ?? "",
              cpf: digits(context.cpf),
              payment: paymentOf(context),
            }),
            onDone: { target: "answered", actions: assign({ order: ({ event }) => event.output }) },
            onError: SUBMIT_FAILED,
          },
        },
        paying: {
          invoke: {
            src: "payOrder",
            input: ({ context }) => ({
              orderId: context.orderId ?? "",
              idempotencyKey: context.idempotencyKey ?? "",
              payment: paymentOf(context),
            }),
            onDone: { target: "answered", actions: assign({ order: ({ event }) => event.output }) },
            onError: SUBMIT_FAILED,
          },
        },
        answered: {
          always: [
            {
              // The replay of a failed attempt answered with its order: pay it now under a new key.
              guard: and(["replayFirst", ({ context }) => context.order?.canRetry === true]),
              target: "paying",
              actions: assign(({ context }) => ({
                orderId: context.order?.id ?? null,
                retryOrder: context.order,
                replayFirst: false,
                idempotencyKey: context.makeKey(),
              })),
            },
            {
              guard: ({ context }) => context.order?.payment?.redirectUrl != null,
              target: "#checkout.redirecting",
            },
            {
              guard: ({ context }) => context.order !== null && wasRefused(context.order),
              target: "#checkout.payment",
              actions: assign(({ context }) => ({
                orderId: context.order?.id ?? null,
                retryOrder: context.order,
                idempotencyKey: null,
                replayFirst: false,
                cardToken: null,
                errors: {
                  ...context.errors,
                  payment: context.order?.payment?.message ?? PAYMENT_MESSAGES.notApproved,
                },
              })),
            },
            {
              guard: ({ context }) => context.order !== null && awaitsAnswer(context.order),
              target: "#checkout.waiting",
            },
            { target: "#checkout.result" },
          ],
        },
      },
    },

    /** The gateway did not answer in time: ask the order until it knows, then show the result anyway. */
    waiting: {
      initial: "sleeping",
      states: {
        sleeping: {
          after: {
            POLL_INTERVAL: [{ guard: "mayPoll", target: "asking" }, { target: "#checkout.result" }],
          },
        },
        asking: {
          entry: assign({ polls: ({ context }) => context.polls + 1 }),
          invoke: {
            src: "pollOrder",
            input: ({ context }) => ({ orderId: context.order?.id ?? "" }),
            onDone: [
              {
                guard: ({ event }) => awaitsAnswer(event.output),
                target: "sleeping",
                actions: assign({ order: ({ event }) => event.output }),
              },
              {
                guard: ({ event }) => wasRefused(event.output),
                target: "#checkout.payment",
                actions: assign(({ context, event }) => ({
                  order: event.output,
                  orderId: event.output.id,
                  retryOrder: event.output,
                  idempotencyKey: null,
                  replayFirst: false,
                  cardToken: null,
                  errors: {
                    ...context.errors,
                    payment: event.output.payment?.message ?? PAYMENT_MESSAGES.notApproved,
                  },
                })),
              },
              { target: "#checkout.result", actions: assign({ order: ({ event }) => event.output }) },
            ],
            onError: { target: "sleeping" },
          },
        },
      },
    },

    result: {
      type: "final",
      entry: { type: "showResult", params: ({ context }) => ({ orderId: context.order?.id ?? "" }) },
    },
    redirecting: {
      type: "final",
      entry: {
        type: "redirectTo",
        params: ({ context }) => ({ url: context.order?.payment?.redirectUrl ?? "" }),
      },
    },
  },
})

const LOAD_FAILED = "Não foi possível carregar o checkout. Tente novamente."
