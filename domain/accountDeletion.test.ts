import { describe, expect, it } from "vitest"
import { type DeletionOutcome, deletionOutcome, isOpen, type OpenItem } from "./accountDeletion"
import { FULFILMENT_STATUSES } from "./fulfilment/fulfilment"

const order = (status: Extract<OpenItem, { kind: "order" }>["status"], fulfilment: string | null = null) =>
  ({ kind: "order", orderKind: "purchase", status, fulfilment }) as OpenItem

const month = (monthOf: "subscription" | "prepaid", fulfilment: string) =>
  ({ kind: "order", orderKind: "subscription", status: "paid", fulfilment, monthOf }) as OpenItem

describe("what deleting an account does to each thing still open", () => {
  it.each<[OpenItem, DeletionOutcome]>([
    [order("awaiting_payment"), "cancel_unpaid"],
    [order("rejected"), "cancel_unpaid"],
    [order("paid", "awaiting_production"), "cancel_refund"],
    [order("paid", "in_production"), "ships"],
    [order("paid", "produced"), "ships"],
    [order("paid", "shipped"), "ships"],
    [order("paid", "in_transit"), "ships"],
    [order("paid", "plan_active"), "end_plan"],
    [order("paid", "delivered"), "record_only"],
    [order("paid", "cancelled"), "record_only"],
    [order("paid", "refunded"), "record_only"],
    [order("paid", "returned"), "record_only"],
    [order("expired"), "record_only"],
    [month("subscription", "awaiting_production"), "ships"],
    [month("prepaid", "awaiting_production"), "cancel_with_plan"],
    [month("prepaid", "in_production"), "ships"],
    [month("subscription", "delivered"), "record_only"],
    [order("cancelled"), "record_only"],
    [{ kind: "subscription", status: "active" }, "end_subscription"],
    [{ kind: "subscription", status: "past_due" }, "end_subscription"],
    [{ kind: "subscription", status: "paused" }, "end_subscription"],
    [{ kind: "subscription", status: "pending" }, "end_subscription"],
    [{ kind: "subscription", status: "cancelled" }, "record_only"],
  ])("%o → %s", (item, outcome) => {
    expect(deletionOutcome(item)).toBe(outcome)
    expect(isOpen(item)).toBe(outcome !== "record_only")
  })

  it("decides every fulfilment status of a paid order", () => {
    for (const status of FULFILMENT_STATUSES)
      expect(deletionOutcome(order("paid", status))).toMatch(
        /^(cancel_refund|ships|end_plan|cancel_with_plan|record_only)$/,
      )
  })
})
