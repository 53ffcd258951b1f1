import { assign, fromPromise, setup } from "xstate"
import { maskCpfInput, validateCpf } from "../../domain/orders/cpf"
import { PAYMENT_MESSAGES } from "../../domain/orders/paymentMessages"
import {
  type CardForm,
  type CardToken,
  clearsInvalidCard,
  EMPTY_CARD,
  EMPTY_FIELDS,
  type FieldState,
  type NonSensitiveCard,
  type SecureField,
  tokenFailure,
  tokenInputOf,
  validateCardForm,
} from "./cardEntry"
import { describeFailure } from "./checkout"

/** How often a subscription whose first charge is still being decided is asked about, and how many times. */
export const STATUS_POLL_MS = 2000
export const MAX_STATUS_POLLS = 15

/** The spec's texts of the subscription dialog (002 §2, §5, §8). */
export const SUBSCRIBE_MESSAGES = {
  signInRequired: "É necessário fazer login para assinar um plano.",
  approved: "Pagamento aprovado! Sua assinatura foi ativada com sucesso.",
  failed: "Erro ao processar assinatura. Tente novamente.",
  loadPlansFailed: "Não foi possível carregar os planos. Tente novamente.",
  refused: "O pagamento não foi aprovado. Confira os dados ou use outro cartão.",
} as const

/** A recurring plan as the dialog shows it: prices in centavos, for one collection. */
export interface PlanOffer {
  readonly id: string
  readonly name: string
  readonly price: number
  /** Months of one billing cycle (1 or 2). */
  readonly frequencyMonths: number
  readonly perMonth: number
  readonly benefits: readonly string[]
}

export interface PlansOffer {
  readonly collection: { readonly id: string; readonly name: string }
  readonly plans: readonly PlanOffer[]
  /** Two monthly cycles less one bimonthly, from the prices. */
  readonly saving: number
  readonly guarantees: readonly string[]
}

/**
 * What the payment form starts from: which gateway tokenizes (the sandbox note), the saved CPF, and what the
 * charge will do, said before it: the first month covered and where the parcels go (null: no address yet).
 */
export interface PaymentSetup {
  readonly sandbox: boolean
  readonly cpf: string | null
  readonly firstMonthNote: string
  readonly delivery: { readonly id: string; readonly line: string } | null
}

export interface SubscribeInput {
  readonly collectionId: string
  readonly planId: string
  readonly idempotencyKey: string
  readonly cpf: string
  readonly addressId: string | null
  readonly card: {
    readonly token: string
    readonly paymentMethodId: string
    readonly issuerId: string | null
  }
}

export type SubscriptionState = "pending" | "active" | "past_due" | "paused" | "cancelled"

export interface SubscribeResult {
  readonly subscriptionId: string
  readonly status: SubscriptionState
  /** Why the first charge was refused, when it was. */
  readonly reason?: string | null
}

/** A subscription's first charge as last known: its status and, after a refusal, why. */
export interface StatusCheck {
  readonly status: SubscriptionState
  readonly reason: string | null
}

export interface SubscribeContext {
  readonly collectionId: string
  readonly signedIn: boolean
  offer: PlansOffer | null
  planId: string | null
  setup: PaymentSetup | null
  card: CardForm
  /** Whether the card fields (Mercado Pago's, or the sandbox's) are in place. */
  fieldsReady: boolean
  cpf: string
  /** One per attempt: kept when the same attempt is sent again (no answer), renewed after a refusal. */
  idempotencyKey: string | null
  error: string | null
  fieldErrors: Record<string, string>
  token: CardToken | null
  subscriptionId: string | null
  polls: number
  makeKey: () => string
}

export interface SubscribeMachineInput {
  readonly collectionId: string
  readonly signedIn: boolean
  /** A plan chosen before sign-in: a signed-in collector comes back straight to its payment form. */
  readonly planId?: string | null
  readonly makeKey?: () => string
}

export type SubscribeEvent =
  | { type: "RETRY" }
  | { type: "CHOOSE"; planId: string }
  | { type: "BACK" }
  | { type: "CHANGE_HOLDER"; value: string }
  | { type: "CARD_FIELD"; field: SecureField; state: FieldState }
  | { type: "PAYMENT_READY" }
  | { type: "PAYMENT_FAILED_TO_LOAD" }
  | { type: "CHANGE_CPF"; value: string }
  | { type: "SUBMIT" }

const notProvided = (name: string) => async (): Promise<never> => {
  throw new Error(`${name} not provided`)
}

/** The form's problems before anything is sent: card fields and the holder's CPF. */
function formProblems(context: SubscribeContext): Record<string, string> {
  const fields: Record<string, string> = { ...validateCardForm(context.card) }
  const cpf = validateCpf(context.cpf)
  if (!cpf.ok) fields.cpf = cpf.message
  return fields
}

const without = (errors: Record<string, string>, field: string) =>
  Object.fromEntries(Object.entries(errors).filter(([k]) => k !== field))

/** A card changed as typed: its token is for the card as it was, and "Dados do cartão inválidos" goes. */
const cardChanged = (context: SubscribeContext, card: CardForm, field: string, error: string | null) => ({
  card,
  token: null,
  fieldErrors: error ? { ...context.fieldErrors, [field]: error } : without(context.fieldErrors, field),
  error: clearsInvalidCard(context.error),
})

export const subscribeMachine = setup({
  types: {
    context: {} as SubscribeContext,
    events: {} as SubscribeEvent,
    input: {} as SubscribeMachineInput,
  },
  actors: {
    loadPlans: fromPromise<PlansOffer, { collectionId: string }>(notProvided("loadPlans")),
    /** Chooses the card fields (Mercado Pago's with it configured) and loads the saved CPF: at payment time. */
    preparePayment: fromPromise<PaymentSetup, void>(notProvided("preparePayment")),
    tokenizeCard: fromPromise<CardToken, NonSensitiveCard>(notProvided("tokenizeCard")),
    subscribe: fromPromise<SubscribeResult, SubscribeInput>(notProvided("subscribe")),
    checkStatus: fromPromise<StatusCheck, { subscriptionId: string }>(notProvided("checkStatus")),
  },
  actions: {
    /** The subscription changed what the collector may buy: the catalogue's view and /assinatura refresh. */
    subscribed: () => {},
  },
  guards: {
    signedIn: ({ context }) => context.signedIn,
    /** The loaded offer still has the plan chosen before sign-in. */
    resumesPlan: ({ context }, params: { offer: PlansOffer }) =>
      context.signedIn && params.offer.plans.some((p) => p.id === context.planId),
    formValid: ({ context }) => context.fieldsReady && Object.keys(formProblems(context)).length === 0,
    mayPoll: ({ context }) => context.polls < MAX_STATUS_POLLS,
  },
  delays: { STATUS_POLL: STATUS_POLL_MS },
}).createMachine({
  id: "subscribe",
  context: ({ input }) => ({
    collectionId: input.collectionId,
    signedIn: input.signedIn,
    offer: null,
    planId: input.planId ?? null,
    setup: null,
    card: EMPTY_CARD,
    fieldsReady: false,
    cpf: "",
    idempotencyKey: null,
    error: null,
    fieldErrors: {},
    token: null,
    subscriptionId: null,
    polls: 0,
    makeKey: input.makeKey ?? (() => crypto.randomUUID()),
  }),
  initial: "loading",
  states: {
    loading: {
      invoke: {
        src: "loadPlans",
        input: ({ context }) => ({ collectionId: context.collectionId }),
        onDone: [
          {
            guard: { type: "resumesPlan", params: ({ event }) => ({ offer: event.output }) },
            target: "payment",
            actions: assign({ offer: ({ event }) => event.output }),
          },
          { target: "choosing", actions: assign({ offer: ({ event }) => event.output, planId: null }) },
        ],
        onError: { target: "loadFailed" },
      },
    },
    loadFailed: { on: { RETRY: "loading" } },

    choosing: {
      on: {
        CHOOSE: [
          { guard: "signedIn", target: "payment", actions: assign({ planId: ({ event }) => event.planId }) },
          { target: "signInRequired", actions: assign({ planId: ({ event }) => event.planId }) },
        ],
      },
    },
    signInRequired: { on: { BACK: "choosing" } },

    payment: {
      initial: "preparing",
      on: { BACK: { target: "choosing", actions: assign({ error: null, fieldErrors: {} }) } },
      states: {
        preparing: {
          invoke: {
            src: "preparePayment",
            onDone: {
              target: "form",
              actions: assign(({ context, event }) => ({
                setup: event.output,
                fieldsReady: false,
                cpf: context.cpf || (event.output.cpf ? maskCpfInput(event.output.cpf) : ""),
                error: null,
              })),
            },
            onError: { target: "unavailable", actions: assign({ error: PAYMENT_MESSAGES.loadFailed }) },
          },
        },
        unavailable: { on: { RETRY: "preparing" } },
        form: {
          on: {
            // The fields arrive empty: a card typed in fields mounted before is gone with them.
            PAYMENT_READY: {
              actions: assign(({ context }) => ({
                fieldsReady: true,
                card: { ...context.card, fields: EMPTY_FIELDS },
                token: null,
              })),
            },
            PAYMENT_FAILED_TO_LOAD: {
              target: "unavailable",
              actions: assign({ fieldsReady: false, error: PAYMENT_MESSAGES.loadFailed }),
            },
            CHANGE_HOLDER: {
              actions: assign(({ context, event }) =>
                cardChanged(context, { ...context.card, holder: event.value }, "holder", null),
              ),
            },
            CARD_FIELD: {
              actions: assign(({ context, event }) =>
                cardChanged(
                  context,
                  { ...context.card, fields: { ...context.card.fields, [event.field]: event.state } },
                  event.field,
                  event.state.error,
                ),
              ),
            },
            CHANGE_CPF: {
              actions: assign(({ context, event }) => ({
                cpf: event.value,
                fieldErrors: without(context.fieldErrors, "cpf"),
              })),
            },
            SUBMIT: [
              {
                guard: "formValid",
                target: "tokenizing",
                actions: assign(({ context }) => ({
                  error: null,
                  idempotencyKey: context.idempotencyKey ?? context.makeKey(),
                })),
              },
              {
                actions: assign(({ context }) => {
                  const fieldErrors = formProblems(context)
                  const cardProblem = Object.keys(fieldErrors).some((f) => f !== "cpf")
                  const error = !context.fieldsReady
                    ? PAYMENT_MESSAGES.cardFormNotReady
                    : cardProblem
                      ? PAYMENT_MESSAGES.invalidCard
                      : null
                  return { fieldErrors, error }
                }),
              },
            ],
          },
        },
        tokenizing: {
          on: { BACK: {} },
          invoke: {
            src: "tokenizeCard",
            input: ({ context }) => tokenInputOf(context.card, context.cpf),
            onDone: { target: "subscribing", actions: assign({ token: ({ event }) => event.output }) },
            onError: {
              target: "form",
              actions: assign(({ context, event }) => {
                const failure = tokenFailure(event.error)
                return {
                  error: failure.message,
                  fieldErrors: { ...context.fieldErrors, ...failure.fieldErrors },
                }
              }),
            },
          },
        },
        subscribing: {
          on: { BACK: {} },
          invoke: {
            src: "subscribe",
            input: ({ context }) => ({
              collectionId: context.collectionId,
              planId: context.planId ?? "",
              idempotencyKey: context.idempotencyKey ?? "",
              cpf: context.cpf.replace(/\D/g, ""),
              addressId: context.setup?.delivery?.id ?? null,
              card: {
                token: context.token?.token ?? "",
                paymentMethodId: context.token?.paymentMethodId ?? "",
                issuerId: context.token?.issuerId ?? null,
              },
            }),
            onDone: [
              {
                guard: ({ event }) => event.output.status === "active",
                target: "#subscribe.approved",
                actions: assign({ subscriptionId: ({ event }) => event.output.subscriptionId }),
              },
              {
                guard: ({ event }) => event.output.status === "pending",
                target: "confirming",
                actions: assign({ subscriptionId: ({ event }) => event.output.subscriptionId, polls: 0 }),
              },
              {
                // Answered, but not running (the first charge was refused): this attempt is over.
                target: "form",
                actions: assign(({ event }) => ({
                  error: event.output.reason ?? SUBSCRIBE_MESSAGES.refused,
                  idempotencyKey: null,
                  token: null,
                })),
              },
            ],
            onError: {
              target: "form",
              actions: assign(({ context, event }) => {
                const failure = describeFailure(event.error, SUBSCRIBE_MESSAGES.failed)
                // No answer (network, server error): the same attempt may be sent again with its key. An
                // answered refusal (card refused, bad data) ends the attempt: a token is good for one use.
                const answered = failure.kind === "payment" || failure.kind === "refused"
                return {
                  error: failure.message,
                  fieldErrors: { ...context.fieldErrors, ...failure.fieldErrors },
                  token: null,
                  idempotencyKey: answered ? null : context.idempotencyKey,
                }
              }),
            },
          },
        },
        confirming: {
          on: { BACK: {} },
          initial: "waiting",
          states: {
            waiting: {
              after: {
                STATUS_POLL: [{ guard: "mayPoll", target: "checking" }, { target: "#subscribe.processing" }],
              },
            },
            checking: {
              entry: assign({ polls: ({ context }) => context.polls + 1 }),
              invoke: {
                src: "checkStatus",
                input: ({ context }) => ({ subscriptionId: context.subscriptionId ?? "" }),
                onDone: [
                  { guard: ({ event }) => event.output.status === "active", target: "#subscribe.approved" },
                  { guard: ({ event }) => event.output.status === "pending", target: "waiting" },
                  {
                    target: "#subscribe.payment.form",
                    actions: assign(({ event }) => ({
                      error: event.output.reason ?? SUBSCRIBE_MESSAGES.refused,
                      idempotencyKey: null,
                      token: null,
                    })),
                  },
                ],
                // A lost answer is asked again, within the same budget.
                onError: { target: "waiting" },
              },
            },
          },
        },
      },
    },
    approved: { entry: "subscribed", type: "final" },
    /** The card was accepted but the first charge is still being decided: the result comes by e-mail. */
    processing: { entry: "subscribed", type: "final" },
  },
})
