import { Effect, Layer } from "effect"
import {
  GatewayPaymentNotFound,
  GatewayRefused,
  GatewayUnavailable,
} from "../../application/ports/PaymentGateway"
import { type PreapprovalRequest, SubscriptionGateway } from "../../application/ports/SubscriptionGateway"
import { apiFailure, type MercadoPagoConnection, mercadoPagoCaller, unreadable } from "./caller"
import {
  chargePaymentId,
  newestFirst,
  parseChargeSearch,
  parsePlan,
  parsePlanSearch,
  parsePreapproval,
  parseRecurringCharge,
  planBody,
  planReason,
  planServes,
  preapprovalBody,
} from "./subscriptionWire"
import { concernsCard, toReais } from "./wire"

/** How many charges one search page asks for, and how many pages are read at most. */
const PAGE = 100
const MAX_PAGES = 10

/** Mercado Pago's preapproval API (recurring card charges) behind the subscription port. */
export function mercadoPagoSubscriptions(options: MercadoPagoConnection): SubscriptionGateway["Service"] {
  const call = mercadoPagoCaller(options)
  const preapprovalPath = (id: string) => `/preapproval/${encodeURIComponent(id)}`

  const readPreapproval = (body: unknown) => {
    const preapproval = parsePreapproval(body)
    return preapproval ? Effect.succeed(preapproval) : Effect.fail(unreadable("preapproval"))
  }

  const getPreapproval = Effect.fnUntraced(function* (id: string) {
    const result = yield* call("GET", preapprovalPath(id))
    if (result.kind === "ok") return yield* readPreapproval(result.body)
    // A malformed id is answered 400: no such preapproval either way.
    if (result.status === 404 || result.status === 400) return yield* new GatewayPaymentNotFound({ id })
    return yield* new GatewayUnavailable({ reason: apiFailure(result) })
  })

  // Plan ids by frequency and price: a plan is made once and joined by every sign-up at that price.
  const plans = new Map<string, string>()

  /**
   * The plan a sign-up joins: known to this instance, else found among the active plans (another instance or an
   * earlier run made it), else made now under a key of its own, so concurrent sign-ups make one plan.
   */
  const planKey = (request: PreapprovalRequest) =>
    `legendarium-plan-${request.frequencyMonths}m-${request.amount}-day1`
  const planFor = Effect.fnUntraced(function* (request: PreapprovalRequest) {
    const key = planKey(request)
    const known = plans.get(key)
    if (known) return known
    // What `q` matches is unconfirmed: the plan is recognised by its fields, and a miss only makes one plan more.
    const query = new URLSearchParams({ status: "active", q: planReason(request), limit: "100" })
    // No failure of a sign-up carries its card token, whichever call failed.
    const secrets = [request.cardToken]
    const found = yield* call("GET", `/preapproval_plan/search?${query}`, { secrets })
    if (found.kind === "ok") {
      const existing = parsePlanSearch(found.body)?.find((plan) => planServes(plan, request))
      if (existing) {
        plans.set(key, existing.id)
        return existing.id
      }
    }
    const made = yield* call("POST", "/preapproval_plan", {
      body: planBody(request),
      idempotencyKey: key,
      secrets,
    })
    // A refused plan is the store's set-up, not the collector's card: nothing was created, so ask to try later.
    if (made.kind === "error") return yield* new GatewayUnavailable({ reason: apiFailure(made) })
    const plan = parsePlan(made.body)
    if (!plan) return yield* unreadable("preapproval plan")
    plans.set(key, plan.id)
    return plan.id
  })

  return SubscriptionGateway.of({
    createPreapproval: Effect.fnUntraced(function* (request) {
      const planId = yield* planFor(request)
      const result = yield* call("POST", "/preapproval", {
        body: preapprovalBody(request, planId),
        // Our subscription: a retry after a timeout finds the preapproval the first call made.
        idempotencyKey: request.subscriptionId,
        secrets: [request.cardToken],
      })
      if (result.kind === "ok") return yield* readPreapproval(result.body)
      const cardData = concernsCard(result.error)
      // The plan may be the cause (an operator deactivated it in Mercado Pago's panel): the next sign-up looks
      // among the active plans again instead of joining this one until the process restarts.
      if (!cardData) plans.delete(planKey(request))
      return yield* new GatewayRefused({ reason: apiFailure(result), cardData })
    }),

    getPreapproval,

    updatePreapproval: Effect.fnUntraced(function* (id, change) {
      const body = {
        ...(change.status ? { status: change.status } : {}),
        ...(change.cardToken ? { card_token_id: change.cardToken } : {}),
      }
      const result = yield* call("PUT", preapprovalPath(id), { body, secrets: [change.cardToken] })
      if (result.kind === "ok") return yield* readPreapproval(result.body)
      if (result.status === 404) return yield* new GatewayPaymentNotFound({ id })
      // Mercado Pago may refuse to set the status a preapproval already has: that is what we wanted anyway.
      if (change.status && !change.cardToken) {
        const current = yield* getPreapproval(id)
        if (current.status === change.status) return current
      }
      return yield* new GatewayRefused({ reason: apiFailure(result), cardData: concernsCard(result.error) })
    }),

    getCharge: Effect.fnUntraced(function* (id) {
      const result = yield* call("GET", `/authorized_payments/${encodeURIComponent(id)}`)
      if (result.kind === "error") {
        if (result.status === 404 || result.status === 400) return yield* new GatewayPaymentNotFound({ id })
        return yield* new GatewayUnavailable({ reason: apiFailure(result) })
      }
      const charge = parseRecurringCharge(result.body)
      return charge ?? (yield* unreadable("authorized payment"))
    }),

    refundCharge: Effect.fnUntraced(function* (chargeId, amount, idempotencyKey) {
      // An authorized payment is refunded through the payment it made.
      const found = yield* call("GET", `/authorized_payments/${encodeURIComponent(chargeId)}`)
      if (found.kind === "error") {
        if (found.status === 404 || found.status === 400)
          return yield* new GatewayPaymentNotFound({ id: chargeId })
        return yield* new GatewayUnavailable({ reason: apiFailure(found) })
      }
      const paymentId = chargePaymentId(found.body)
      if (!paymentId) return yield* new GatewayPaymentNotFound({ id: chargeId })
      const result = yield* call("POST", `/v1/payments/${encodeURIComponent(paymentId)}/refunds`, {
        body: amount === null ? {} : { amount: toReais(amount) },
        idempotencyKey,
      })
      if (result.kind === "ok") return
      if (result.status === 404) return yield* new GatewayPaymentNotFound({ id: chargeId })
      return yield* new GatewayRefused({ reason: apiFailure(result), cardData: false })
    }),

    chargesFor: Effect.fnUntraced(function* (preapprovalId) {
      const charges = []
      for (let page = 0; page < MAX_PAGES; page++) {
        const query = new URLSearchParams({
          preapproval_id: preapprovalId,
          limit: String(PAGE),
          offset: String(page * PAGE),
        })
        const result = yield* call("GET", `/authorized_payments/search?${query}`)
        if (result.kind === "error") return yield* new GatewayUnavailable({ reason: apiFailure(result) })
        const found = parseChargeSearch(result.body)
        if (!found) return yield* unreadable("authorized payments search")
        charges.push(...found.charges)
        if ((page + 1) * PAGE >= found.total) break
      }
      return charges.sort(newestFirst)
    }),
  })
}

export const MercadoPagoSubscriptionsLayer = (options: MercadoPagoConnection) =>
  Layer.succeed(SubscriptionGateway, mercadoPagoSubscriptions(options))
