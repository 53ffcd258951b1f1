import fc from "fast-check"
import { describe, expect, it } from "vitest"
import type { Order, OrderStatus } from "./order"
import {
  holdsReservations,
  markCancelled,
  markExpired,
  markPaid,
  markPaymentInterrupted,
  markRejected,
  type PaymentEffect,
  paymentEffect,
  reopenForRetry,
  type Transition,
} from "./orderState"
import type { PaymentAttempt, PaymentStatus } from "./payment"

const PLACED = Date.UTC(2026, 4, 20, 13) // 10:00 in São Paulo
const PAY_BY = PLACED + 60 * 60_000
const SHIPS_ON = { year: 2026, month: 6, day: 15 }

const STATUSES: readonly OrderStatus[] = ["awaiting_payment", "paid", "rejected", "expired", "cancelled"]

const order = (over: Partial<Order> = {}): Order => ({
  id: "order-1",
  number: "LG-2026-000123",
  trackingCode: "8R1CG2-G03G02",
  userId: "user-1",
  kind: "purchase",
  plan: null,
  status: "awaiting_payment",
  lines: [
    {
      productId: "p-goku",
      name: "Goku Super Saiyajin",
      collectionId: "c-anime",
      collectionName: "Anime Legends",
      imageUrl: "/img/goku.jpg",
      unitPrice: 29990,
      quantity: 1,
      editionSize: 500,
      serials: [],
    },
  ],
  totals: { subtotal: 29990, discount: 0, coinsDiscount: 0, pixDiscount: 0, shipping: 2850, total: 32840 },
  coinsUsed: 0,
  pixDiscountBasisPoints: 0,
  couponId: null,
  couponCode: null,
  shipping: { optionId: "sedex", name: "SEDEX", provider: "Correios", price: 2850, days: 2 },
  address: {
    name: "Ana Souza",
    street: "Avenida Paulista",
    number: "1578",
    complement: "",
    neighborhood: "Bela Vista",
    city: "São Paulo",
    state: "SP",
    zipCode: "01310200",
  },
  cpf: "12345678909",
  shipsOn: null,
  placedAt: PLACED,
  paidAt: null,
  currentAttemptId: "attempt-1",
  paidAttemptId: null,
  payBy: PAY_BY,
  ...over,
})

const attempt = (over: Partial<PaymentAttempt> = {}): PaymentAttempt => ({
  id: "attempt-1",
  orderId: "order-1",
  method: "card",
  amount: 32840,
  installments: 3,
  status: "pending",
  statusDetail: null,
  gatewayPaymentId: "mp-1",
  ...over,
})

function accepted(t: Transition) {
  if (!t.ok) throw new Error(`refused: ${t.reason}`)
  return t
}

describe("markPaid", () => {
  it("pays an order waiting for payment and says so once", () => {
    const paidAt = PLACED + 5 * 60_000
    const t = accepted(markPaid(order(), attempt(), paidAt, SHIPS_ON))
    expect(t.order).toEqual(order({ status: "paid", paidAt, shipsOn: SHIPS_ON, paidAttemptId: "attempt-1" }))
    expect(t.events).toEqual([
      {
        type: "PaymentApproved",
        version: 1,
        aggregateId: "order-1",
        payload: {
          orderId: "order-1",
          userId: "user-1",
          paymentId: "attempt-1",
          method: "card",
          amount: 32840,
          installments: 3,
        },
      },
    ])
  })

  it("carries the attempt's own method, amount and installments", () => {
    const pix = attempt({ id: "attempt-pix", method: "pix", amount: 29990, installments: 1 })
    const t = accepted(markPaid(order(), pix, PLACED, SHIPS_ON))
    expect(t.order.paidAttemptId).toBe("attempt-pix")
    expect(t.events[0]?.payload).toMatchObject({
      paymentId: "attempt-pix",
      method: "pix",
      amount: 29990,
      installments: 1,
    })
  })

  it.each<[OrderStatus, string]>([
    ["paid", "paid → paid"],
    ["rejected", "rejected → paid"],
    ["expired", "expired → paid"],
    ["cancelled", "cancelled → paid"],
  ])("refuses an order that is %s (%s)", (status, reason) => {
    expect(markPaid(order({ status }), attempt(), PLACED, SHIPS_ON)).toEqual({ ok: false, reason })
  })

  it("does not change the order it was given", () => {
    const before = order()
    markPaid(before, attempt(), PLACED, SHIPS_ON)
    expect(before).toEqual(order())
  })
})

describe("markRejected", () => {
  it("marks the order rejected with the gateway's detail", () => {
    const t = accepted(markRejected(order(), attempt(), "cc_rejected_insufficient_amount"))
    expect(t.order).toEqual(order({ status: "rejected" }))
    expect(t.events).toEqual([
      {
        type: "PaymentRejected",
        version: 1,
        aggregateId: "order-1",
        payload: {
          orderId: "order-1",
          userId: "user-1",
          paymentId: "attempt-1",
          method: "card",
          statusDetail: "cc_rejected_insufficient_amount",
        },
      },
    ])
  })

  it("a missing detail is carried as null", () => {
    const t = accepted(markRejected(order(), attempt({ method: "boleto" }), null))
    expect(t.events[0]?.payload).toMatchObject({ method: "boleto", statusDetail: null })
  })

  it.each<[OrderStatus, string]>([
    ["paid", "paid → rejected"],
    ["rejected", "rejected → rejected"],
    ["expired", "expired → rejected"],
    ["cancelled", "cancelled → rejected"],
  ])("refuses an order that is %s", (status, reason) => {
    expect(markRejected(order({ status }), attempt(), null)).toEqual({ ok: false, reason })
  })
})

describe("markPaymentInterrupted", () => {
  const unsent = attempt({ status: "interrupted", statusDetail: "not_submitted", gatewayPaymentId: null })

  it("keeps the order waiting, holding its units, and tells of an interruption, never of a refusal", () => {
    const t = accepted(markPaymentInterrupted(order(), unsent))
    expect(t.order).toEqual(order())
    expect(t.events).toEqual([
      {
        type: "PaymentInterrupted",
        version: 1,
        aggregateId: "order-1",
        payload: { orderId: "order-1", userId: "user-1", paymentId: "attempt-1", method: "card" },
      },
    ])
  })

  it("says nothing of an attempt the customer has already moved on from", () => {
    expect(markPaymentInterrupted(order({ currentAttemptId: "attempt-2" }), unsent).ok).toBe(false)
  })

  it.each<OrderStatus>(["paid", "rejected", "expired", "cancelled"])(
    "refuses an order that is %s",
    (status) => {
      expect(markPaymentInterrupted(order({ status }), unsent)).toEqual({
        ok: false,
        reason: `${status} → interrupted`,
      })
    },
  )
})

describe("reopenForRetry", () => {
  it("a rejected order waits for payment again, with the new deadline and no event", () => {
    const payBy = PAY_BY + 30 * 60_000
    expect(reopenForRetry(order({ status: "rejected" }), "attempt-2", payBy)).toEqual({
      ok: true,
      order: order({ status: "awaiting_payment", payBy, currentAttemptId: "attempt-2" }),
      events: [],
    })
  })

  it.each<OrderStatus>(["awaiting_payment", "paid", "expired", "cancelled"])(
    "refuses an order that is %s",
    (status) => {
      expect(reopenForRetry(order({ status }), "attempt-2", PAY_BY)).toEqual({
        ok: false,
        reason: `${status} → awaiting_payment`,
      })
    },
  )
})

describe("markExpired", () => {
  it.each<[string, OrderStatus, number, Transition]>([
    [
      "one millisecond before its deadline: refused",
      "awaiting_payment",
      PAY_BY - 1,
      { ok: false, reason: "awaiting_payment → expired (before its deadline)" },
    ],
    [
      "a rejected order before its deadline: refused (the customer may still retry)",
      "rejected",
      PAY_BY - 1,
      { ok: false, reason: "rejected → expired (before its deadline)" },
    ],
    ["a paid order: refused", "paid", PAY_BY + 1, { ok: false, reason: "paid → expired" }],
    ["an expired order: refused", "expired", PAY_BY + 1, { ok: false, reason: "expired → expired" }],
    ["a cancelled order: refused", "cancelled", PAY_BY + 1, { ok: false, reason: "cancelled → expired" }],
  ])("%s", (_case, status, now, result) => {
    expect(markExpired(order({ status }), now)).toEqual(result)
  })

  it.each<[string, OrderStatus, number, boolean]>([
    ["waiting, exactly at its deadline", "awaiting_payment", PAY_BY, true],
    ["waiting, a day after its deadline", "awaiting_payment", PAY_BY + 86_400_000, true],
    // A rejected order already gave its units back.
    ["rejected, at its deadline", "rejected", PAY_BY, false],
    ["rejected, after its deadline", "rejected", PAY_BY + 1, false],
  ])("%s: expires, heldUnits %s", (_case, status, now, heldUnits) => {
    const t = accepted(markExpired(order({ status }), now))
    expect(t.order).toEqual(order({ status: "expired" }))
    expect(t.events).toEqual([
      {
        type: "OrderExpired",
        version: 1,
        aggregateId: "order-1",
        payload: { orderId: "order-1", userId: "user-1", heldUnits },
      },
    ])
  })
})

describe("markCancelled", () => {
  it.each<[OrderStatus, boolean]>([
    ["awaiting_payment", true],
    ["rejected", false],
  ])("cancels an order that is %s (heldUnits %s), at any time", (status, heldUnits) => {
    const t = accepted(markCancelled(order({ status })))
    expect(t.order).toEqual(order({ status: "cancelled" }))
    expect(t.events).toEqual([
      {
        type: "OrderCancelled",
        version: 1,
        aggregateId: "order-1",
        payload: { orderId: "order-1", userId: "user-1", heldUnits },
      },
    ])
  })

  it.each<OrderStatus>(["paid", "expired", "cancelled"])("refuses an order that is %s", (status) => {
    expect(markCancelled(order({ status }))).toEqual({ ok: false, reason: `${status} → cancelled` })
  })
})

describe("holdsReservations", () => {
  it.each<[OrderStatus, boolean]>([
    ["awaiting_payment", true],
    ["paid", true],
    ["rejected", false],
    ["expired", false],
    ["cancelled", false],
  ])("%s → %s", (status, holds) => {
    expect(holdsReservations(status)).toBe(holds)
  })

  it("an ending event says it held units exactly when the order's status held them", () => {
    for (const status of ["awaiting_payment", "rejected"] as const) {
      const expired = accepted(markExpired(order({ status }), PAY_BY))
      const cancelled = accepted(markCancelled(order({ status })))
      for (const event of [...expired.events, ...cancelled.events])
        expect(event.payload).toMatchObject({ heldUnits: holdsReservations(status) })
    }
  })
})

describe("paymentEffect", () => {
  const current = "attempt-2"
  const paidByCurrent = { status: "paid" as const, paidAttemptId: current }

  it.each<[string, Partial<Order>, string, PaymentStatus, string | null, PaymentEffect]>([
    // [case, order, attempt id, reported status, current attempt id, effect]
    ["approved while waiting: pay", {}, current, "approved", current, "pay"],
    [
      "an older attempt approved while waiting: still pay (money in hand)",
      {},
      "attempt-1",
      "approved",
      current,
      "pay",
    ],
    [
      "approved again for the attempt that paid: nothing",
      paidByCurrent,
      current,
      "approved",
      current,
      "none",
    ],
    [
      "another attempt approved after payment: refund",
      paidByCurrent,
      "attempt-1",
      "approved",
      current,
      "refund",
    ],
    ["approved after a rejection: reclaim", { status: "rejected" }, current, "approved", current, "reclaim"],
    [
      "a stale attempt approved after a rejection: reclaim",
      { status: "rejected" },
      "attempt-1",
      "approved",
      current,
      "reclaim",
    ],
    ["approved after expiry: reclaim", { status: "expired" }, current, "approved", current, "reclaim"],
    ["approved after cancellation: refund", { status: "cancelled" }, current, "approved", current, "refund"],
    ["the current attempt rejected: reject", {}, current, "rejected", current, "reject"],
    ["the current attempt cancelled: reject", {}, current, "cancelled", current, "reject"],
    [
      "a stale attempt rejected: nothing (the current one may still pay)",
      {},
      "attempt-1",
      "rejected",
      current,
      "none",
    ],
    ["a stale attempt cancelled: nothing", {}, "attempt-1", "cancelled", current, "none"],
    ["a rejection with no current attempt: nothing", {}, current, "rejected", null, "none"],
    ["rejected after payment: nothing", paidByCurrent, current, "rejected", current, "none"],
    [
      "rejected again after a rejection: nothing",
      { status: "rejected" },
      current,
      "rejected",
      current,
      "none",
    ],
    ["cancelled after expiry: nothing", { status: "expired" }, current, "cancelled", current, "none"],
    ["pending: nothing", {}, current, "pending", current, "none"],
    ["in_process: nothing", {}, current, "in_process", current, "none"],
    ["refunded: nothing here", paidByCurrent, current, "refunded", current, "none"],
    ["charged back: nothing here", paidByCurrent, current, "charged_back", current, "none"],
  ])("%s", (_case, over, attemptId, status, currentAttemptId, effect) => {
    expect(paymentEffect(order({ ...over, currentAttemptId }), attempt({ id: attemptId }), status)).toBe(
      effect,
    )
  })

  it("an approval always has an effect on an order that is not paid by that attempt", () => {
    const arbStatus = fc.constantFrom(...STATUSES)
    fc.assert(
      fc.property(
        arbStatus,
        fc.constantFrom("a", "b"),
        fc.constantFrom("a", "b", null),
        (status, id, paidBy) => {
          const o = order({ status, paidAttemptId: status === "paid" ? paidBy : null, currentAttemptId: "a" })
          const effect = paymentEffect(o, attempt({ id }), "approved")
          if (status === "paid" && paidBy === id) expect(effect).toBe("none")
          else expect(effect).not.toBe("none")
          expect(effect).not.toBe("reject")
        },
      ),
    )
  })
})

describe("order lifecycle", () => {
  it("rejected, retried, then paid", () => {
    const rejected = accepted(markRejected(order(), attempt(), "cc_rejected_other_reason")).order
    const reopened = accepted(reopenForRetry(rejected, "attempt-2", PAY_BY + 3_600_000)).order
    const second = attempt({ id: "attempt-2", method: "pix", installments: 1 })
    expect(paymentEffect(reopened, second, "approved")).toBe("pay")
    const paid = accepted(markPaid(reopened, second, PAY_BY + 60_000, SHIPS_ON)).order
    expect(paid).toMatchObject({ status: "paid", paidAttemptId: "attempt-2", payBy: PAY_BY + 3_600_000 })
    // The first attempt coming back approved is a double payment.
    expect(paymentEffect(paid, attempt(), "approved")).toBe("refund")
  })

  it("whatever happens, an order never leaves paid, expired or cancelled", () => {
    type Step = { op: "paid" | "rejected" | "retry" | "expire" | "cancel"; at: number }
    const arbStep = fc.record<Step>({
      op: fc.constantFrom("paid", "rejected", "retry", "expire", "cancel"),
      at: fc.integer({ min: PLACED, max: PAY_BY * 2 - PLACED }),
    })
    fc.assert(
      fc.property(fc.array(arbStep, { maxLength: 15 }), (steps) => {
        let o = order()
        for (const { op, at } of steps) {
          const before = o
          const t =
            op === "paid"
              ? markPaid(o, attempt(), at, SHIPS_ON)
              : op === "rejected"
                ? markRejected(o, attempt(), null)
                : op === "retry"
                  ? reopenForRetry(o, "attempt-1", at)
                  : op === "expire"
                    ? markExpired(o, at)
                    : markCancelled(o)
          if (!t.ok) {
            expect(t.reason).toMatch(new RegExp(`^${before.status} → `))
            continue
          }
          o = t.order
          expect(["paid", "expired", "cancelled"]).not.toContain(before.status)
          for (const event of t.events) {
            expect(event.aggregateId).toBe(o.id)
            expect(event.payload).toMatchObject({ orderId: o.id, userId: o.userId })
          }
          if (o.status === "paid") expect(o.paidAt).toBe(at)
        }
      }),
    )
  })
})
