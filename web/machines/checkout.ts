import { and, assign, fromPromise, not, setup } from "xstate"
import { type AddressField, validateAddress } from "../../domain/orders/address"
import { normalizeCouponCode } from "../../domain/orders/coupon"
import { maskCpfInput, validateCpf } from "../../domain/orders/cpf"
import type { PaymentMethod } from "../../domain/orders/order"
import { PAYMENT_MESSAGES } from "../../domain/orders/paymentMessages"
import type { InstallmentOption } from "../../domain/pricing/installments"
import { maskCepInput, validateCep } from "../../domain/shipping/postal"
import type { RouterOutputs } from "../lib/trpc"
import {
  type CardForm,
  type CardToken,
  clearsInvalidCard,
  EMPTY_CARD,
  EMPTY_FIELDS,
  type FieldState,
  type NonSensitiveCard,
  SECURE_FIELDS,
  type SecureField,
  tokenFailure,
  tokenInputOf,
  validateCardForm,
} from "./cardEntry"

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
export type PaymentChoice =
  | {
      method: "card"
      card: {
        token: string
        installments: number
        paymentMethodId: string
        issuerId: string | null
        /** Mercado Pago's device fingerprint, sent only when the card fields produced one. */
        deviceSessionId?: string
      }
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
  /** What the coupon field shows; the applied coupon is the cart's, on the server (`priced.coupon`). */
  couponInput: string
  /** The step a reload was on, reached again once its prerequisites are priced; null once there. */
  resumeAt: "shipping" | "payment" | null
  /** The address the reload's page had chosen, preferred to the default one if it is still in the book. */
  resumeAddressId: string | null
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
  /** Whether the card fields (Mercado Pago's, or the sandbox's) are in place. */
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
  /** Where a reload left the customer (from the page's address): reached again as far as the data allows. */
  readonly resume?: ResumePoint | null
  /** Makes idempotency keys; crypto.randomUUID in the browser. */
  readonly makeKey?: () => string
}

/** The step, address and shipping a reload left the customer on. */
export interface ResumePoint {
  readonly step: CheckoutStep
  readonly addressId?: string | null
  readonly shippingOptionId?: string | null
}

/** A card's token and the payment form are not kept across a reload: the review is reached from payment again. */
const resumeStep = (resume: ResumePoint | null | undefined): CheckoutContext["resumeAt"] =>
  !resume || resume.step === "address" ? null : resume.step === "shipping" ? "shipping" : "payment"

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
  | { type: "CHANGE_HOLDER"; value: string }
  | { type: "CARD_FIELD"; field: SecureField; state: FieldState }
  | { type: "CARD_BIN"; bin: string | null }
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

/** The customer is to pay again: refused, or never sent to the gateway (then nothing was charged either). */
const wasRefused = (order: CheckoutOrder) =>
  order.status === "rejected" ||
  order.payment?.status === "rejected" ||
  order.payment?.status === "cancelled" ||
  order.payment?.status === "interrupted"
const awaitsAnswer = (order: CheckoutOrder) =>
  order.status === "awaiting_payment" && order.payment?.status === "new" && !order.payment.redirectUrl

const choiceOf = (context: CheckoutContext): Choice => ({
  // Only a plan purchase names one: the cart's requests stay as they always were.
  ...(context.plan ? { plan: context.plan } : {}),
  addressId: context.addressId ?? "",
  shippingOptionId: context.shippingOptionId,
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
      ...(token?.deviceSessionId ? { deviceSessionId: token.deviceSessionId } : {}),
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
  const cardProblem = ["holder", ...SECURE_FIELDS].some((f) => f in fields)
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

/** A card changed as typed: a token stands for the card as it was, and "Dados do cartão inválidos" goes. */
const cardChanged = (context: CheckoutContext, card: CardForm, field: string) => ({
  card,
  cardToken: null,
  fieldErrors: withoutFields(context.fieldErrors, field),
  errors: { ...context.errors, payment: clearsInvalidCard(context.errors.payment) },
})

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
    // The coupon no longer applies (the server took it off the cart): priced again without it, the reason kept.
    guard: "couponRefused",
    target: "#checkout.shipping",
    actions: "recordRefusal",
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
    applyCoupon: fromPromise<PricedCheckout, Choice & { code: string }>(notProvided("applyCoupon")),
    removeCoupon: fromPromise<PricedCheckout, Choice>(notProvided("removeCoupon")),
    saveAddress: fromPromise<SavedAddress, { address: Record<AddressField, string>; makeDefault: boolean }>(
      notProvided("saveAddress"),
    ),
    lookupCep: fromPromise<CepInfo, { cep: string }>(notProvided("lookupCep")),
    tokenizeCard: fromPromise<CardToken, NonSensitiveCard>(notProvided("tokenizeCard")),
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
    changeHolder: assign(({ context, event }) => {
      if (event.type !== "CHANGE_HOLDER") return {}
      return cardChanged(context, { ...context.card, holder: event.value }, "holder")
    }),
    changeCardField: assign(({ context, event }) => {
      if (event.type !== "CARD_FIELD") return {}
      const fields = { ...context.card.fields, [event.field]: event.state }
      const changed = cardChanged(context, { ...context.card, fields }, event.field)
      // The field's own words (said as it is left) replace what the last check said under it.
      return event.state.error
        ? { ...changed, fieldErrors: { ...changed.fieldErrors, [event.field]: event.state.error } }
        : changed
    }),
    recordPrice: assign(({ context }, priced: PricedCheckout) => {
      const totalChanged = context.priced?.totals.total !== priced.totals.total
      return {
        priced,
        // Installments are computed for a total: a new total needs a new table.
        installmentOptions: totalChanged ? [] : context.installmentOptions,
        shippingOptionId: priced.shipping?.id ?? null,
        // The cart's coupon (applied in another tab, or before a reload) shows in the field.
        couponInput:
          priced.coupon && context.couponInput.trim() === "" ? priced.coupon.code : context.couponInput,
        // What the server allowed (none when the ask no longer fits, e.g. a coupon lowered the cap).
        coins: priced.coins.coins,
        errors: { ...context.errors, shipping: null },
        // Why the server took the cart's coupon off stays next to the field until the code is changed or
        // another is accepted.
        fieldErrors: priced.couponError
          ? { ...context.fieldErrors, coupon: priced.couponError }
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
    forgetResume: assign({ resumeAt: null }),
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
      Boolean(context.start?.cartCoupon) && context.addressId !== null && context.plan === null,
    resumes: ({ context }) =>
      context.resumeAt !== null && context.addresses.some((a) => a.id === context.addressId),
    couponRefused: ({ event }) => {
      const failure = errorOf(event)
      return failure.kind === "refused" && failure.fieldErrors.coupon !== undefined
    },
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
    shippingOptionId:
      resumeStep(input.resume) && !input.orderId ? (input.resume?.shippingOptionId ?? null) : null,
    couponInput: "",
    resumeAt: input.orderId ? null : resumeStep(input.resume),
    resumeAddressId: input.resume?.addressId ?? null,
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
    // The card fields load on the payment step (MercadoPago.js from its CDN) and arrive empty: whatever was
    // typed in fields mounted before is gone with them, and so is a token made from it.
    PAYMENT_READY: {
      actions: assign(({ context }) => ({
        paymentReady: true,
        card: { ...context.card, fields: EMPTY_FIELDS },
        cardToken: null,
        installmentsBin: null,
        fieldErrors: withoutFields(context.fieldErrors, ...SECURE_FIELDS),
      })),
    },
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
          actions: assign(({ context, event }) => {
            const addresses = [...event.output.addresses]
            const chosen =
              addresses.find((a) => a.id === context.resumeAddressId) ??
              addresses.find((a) => a.isDefault) ??
              addresses[0] ??
              null
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
        { guard: "resumes", target: "shipping" },
        { guard: "restoresCoupon", target: "restoring" },
        { target: "address", actions: "forgetResume" },
      ],
    },
    /** The cart's coupon is priced at once: the summary shows it, or why it no longer applies. */
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
            onDone: [
              {
                // A reload on the payment step goes back there once the shipping it chose is priced again.
                guard: ({ context, event }) =>
                  context.resumeAt === "payment" && event.output.shipping != null,
                target: "#checkout.payment",
                actions: [{ type: "recordPrice", params: ({ event }) => event.output }, "forgetResume"],
              },
              {
                target: "ready",
                actions: [{ type: "recordPrice", params: ({ event }) => event.output }, "forgetResume"],
              },
            ],
            onError: [
              {
                guard: ({ event }) => describeFailure(event.error).fieldErrors.address !== undefined,
                target: "#checkout.address",
                actions: assign(({ context, event }) => ({
                  resumeAt: null,
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
                    resumeAt: null,
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
              { guard: "hasCouponInput", target: "applyingCoupon" },
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
              target: "removingCoupon",
              actions: assign(({ context }) => ({
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
        /** The code is checked by the server and, when it applies, kept with the cart for every tab. */
        applyingCoupon: {
          invoke: {
            src: "applyCoupon",
            input: ({ context }) => ({
              ...choiceOf(context),
              code: normalizeCouponCode(context.couponInput),
            }),
            onDone: {
              target: "ready",
              actions: { type: "recordPrice", params: ({ event }) => event.output },
            },
            onError: {
              target: "ready",
              actions: assign(({ context, event }) => {
                const failure = describeFailure(event.error, COUPON_FAILED)
                return {
                  fieldErrors: {
                    ...context.fieldErrors,
                    coupon: failure.fieldErrors.coupon ?? failure.message,
                  },
                }
              }),
            },
          },
        },
        removingCoupon: {
          invoke: {
            src: "removeCoupon",
            input: ({ context }) => choiceOf(context),
            onDone: {
              target: "ready",
              actions: { type: "recordPrice", params: ({ event }) => event.output },
            },
            onError: {
              target: "ready",
              actions: assign(({ context, event }) => ({
                errors: { ...context.errors, shipping: describeFailure(event.error, COUPON_FAILED).message },
              })),
            },
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
        CHANGE_HOLDER: { actions: "changeHolder" },
        CARD_FIELD: { actions: "changeCardField" },
        // A new card's first digits may change the brand's installment table.
        CARD_BIN: {
          guard: ({ context, event }) => event.bin !== null && event.bin !== context.installmentsBin,
          target: ".loadingInstallments",
          actions: assign({ installmentsBin: ({ event }) => event.bin }),
        },
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
const COUPON_FAILED = "Não foi possível atualizar o cupom. Tente novamente."
