import { Effect, Layer } from "effect"
import {
  GatewayPaymentNotFound,
  GatewayRefused,
  GatewayUnavailable,
} from "../../application/ports/PaymentGateway"
import {
  type GatewayPreapproval,
  type GatewayRecurringCharge,
  type PreapprovalRequest,
  SubscriptionGateway,
} from "../../application/ports/SubscriptionGateway"
import type { PaymentStatus } from "../../domain/orders/payment"
import { InTransaction } from "./inMemoryEvents"

/** How a card behaves at each charge: approve, refuse, or refuse the authorisation itself. */
export type CardScript = "approve" | "refuse" | "refuse-authorisation" | "unavailable"

/**
 * A recurring gateway in memory: a preapproval per subscription id (a repeated create answers the same one),
 * the first charge made at once, renewals made by `bill(now)` (day 1, retries on days 3 and 5 of a refused one,
 * the same charge with one more `retryAttempt`), outcomes from each card's script. Records every call; calling it
 * inside a unit of work dies (nothing external belongs there).
 */
export function scriptedSubscriptionGateway(options: {
  readonly now: () => number
  readonly cards?: Record<string, CardScript>
}) {
  const cards = new Map(Object.entries(options.cards ?? {}))
  const preapprovals = new Map<string, GatewayPreapproval & { token: string }>()
  const charges = new Map<string, GatewayRecurringCharge>()
  const calls: { method: string; args: unknown }[] = []
  let seq = 0
  let gatewayDown = false

  const outcome = (token: string): { status: PaymentStatus; detail: string } =>
    cards.get(token) === "refuse"
      ? { status: "rejected", detail: "cc_rejected_insufficient_amount" }
      : { status: "approved", detail: "accredited" }

  const guard = <A, E>(
    method: string,
    args: unknown,
    body: () => Effect.Effect<A, E>,
  ): Effect.Effect<A, E | GatewayUnavailable> =>
    Effect.gen(function* () {
      if (yield* InTransaction)
        return yield* Effect.die(new Error(`SubscriptionGateway.${method} called inside a unit of work`))
      calls.push({ method, args })
      if (gatewayDown) return yield* new GatewayUnavailable({ reason: "timeout" })
      return yield* body()
    })

  const charge = (p: GatewayPreapproval & { token: string }, at: number) => {
    const { status, detail } = outcome(p.token)
    const made: GatewayRecurringCharge = {
      id: `ch-${++seq}`,
      preapprovalId: p.id,
      subscriptionId: p.subscriptionId,
      status,
      statusDetail: detail,
      amount: p.amount,
      chargedAt: at,
      retryAttempt: 0,
    }
    charges.set(made.id, made)
    return made
  }

  const view = ({ token: _, ...p }: GatewayPreapproval & { token: string }): GatewayPreapproval => ({ ...p })

  const layer = Layer.succeed(
    SubscriptionGateway,
    SubscriptionGateway.of({
      createPreapproval: (request: PreapprovalRequest) =>
        guard(
          "createPreapproval",
          request,
          (): Effect.Effect<GatewayPreapproval, GatewayRefused | GatewayUnavailable> => {
            const existing = [...preapprovals.values()].find(
              (p) => p.subscriptionId === request.subscriptionId,
            )
            if (existing) return Effect.succeed(view(existing))
            const script = cards.get(request.cardToken)
            if (script === "refuse-authorisation")
              return Effect.fail(
                new GatewayRefused({ reason: "Cartão recusado pelo emissor", cardData: true }),
              )
            if (script === "unavailable") return Effect.fail(new GatewayUnavailable({ reason: "timeout" }))
            const p = {
              id: `pre-${++seq}`,
              subscriptionId: request.subscriptionId,
              status: "authorized" as const,
              amount: request.amount,
              frequencyMonths: request.frequencyMonths,
              nextChargeAt: null,
              cardLastFour: "6351",
              paymentMethodId: "master",
              token: request.cardToken,
            }
            preapprovals.set(p.id, p)
            charge(p, options.now())
            return Effect.succeed(view(p))
          },
        ),
      getPreapproval: (id) =>
        guard("getPreapproval", id, (): Effect.Effect<GatewayPreapproval, GatewayPaymentNotFound> => {
          const p = preapprovals.get(id)
          return p ? Effect.succeed(view(p)) : Effect.fail(new GatewayPaymentNotFound({ id }))
        }),
      updatePreapproval: (id, change) =>
        guard(
          "updatePreapproval",
          { id, change },
          (): Effect.Effect<GatewayPreapproval, GatewayPaymentNotFound> => {
            const p = preapprovals.get(id)
            if (!p) return Effect.fail(new GatewayPaymentNotFound({ id }))
            const next = {
              ...p,
              ...(change.status ? { status: change.status } : {}),
              ...(change.cardToken ? { token: change.cardToken, cardLastFour: "4242" } : {}),
            }
            preapprovals.set(id, next)
            return Effect.succeed(view(next))
          },
        ),
      getCharge: (id) =>
        guard("getCharge", id, (): Effect.Effect<GatewayRecurringCharge, GatewayPaymentNotFound> => {
          const c = charges.get(id)
          return c ? Effect.succeed({ ...c }) : Effect.fail(new GatewayPaymentNotFound({ id }))
        }),
      refundCharge: (chargeId, amount, idempotencyKey) =>
        guard("refundCharge", { chargeId, amount, idempotencyKey }, () => {
          const c = charges.get(chargeId)
          if (!c) return Effect.fail(new GatewayPaymentNotFound({ id: chargeId }))
          const full = amount === null || amount >= c.amount
          charges.set(chargeId, {
            ...c,
            status: full ? "refunded" : c.status,
            statusDetail: full ? "refunded" : "partially_refunded",
          })
          return Effect.void
        }),
      chargesFor: (preapprovalId) =>
        guard("chargesFor", preapprovalId, () =>
          Effect.succeed(
            [...charges.values()]
              .filter((c) => c.preapprovalId === preapprovalId)
              .sort((a, b) => b.chargedAt - a.chargedAt),
          ),
        ),
    }),
  )

  return {
    layer,
    calls,
    callsOf: (method: string) => calls.filter((c) => c.method === method),
    charges: () => [...charges.values()],
    preapprovals: () => [...preapprovals.values()].map(view),
    setCard: (token: string, script: CardScript) => void cards.set(token, script),
    setDown: (down: boolean) => {
      gatewayDown = down
    },
    /** Renews an authorised preapproval now (a new charge), as the gateway does on the billing day. */
    renew: (preapprovalId: string, at: number) => {
      const p = preapprovals.get(preapprovalId)
      if (p?.status !== "authorized") return null
      return charge(p, at)
    },
    /** Tries a refused charge again with the preapproval's current card. */
    retry: (chargeId: string, at: number) => {
      const c = charges.get(chargeId)
      const p = c ? preapprovals.get(c.preapprovalId) : undefined
      if (!c || !p) return null
      const { status, detail } = outcome(p.token)
      const next = { ...c, status, statusDetail: detail, chargedAt: at, retryAttempt: c.retryAttempt + 1 }
      charges.set(c.id, next)
      return next
    },
  }
}
