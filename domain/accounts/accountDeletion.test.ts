import { describe, expect, it } from "vitest"
import { FULFILMENT_STATUSES } from "../fulfilment/fulfilment"
import {
  DELETION_DONE_TEXT,
  DELETION_OUTCOME_TEXT,
  type DeletionOutcome,
  deletionOutcome,
  isOpen,
  type OpenItem,
  RETAINED_RECORDS_TEXT,
} from "./accountDeletion"

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
    [{ kind: "trade", status: "pending" }, "end_trade"],
    [{ kind: "trade", status: "accepted" }, "end_trade"],
    [{ kind: "trade", status: "rejected" }, "record_only"],
    [{ kind: "trade", status: "completed" }, "record_only"],
    [{ kind: "trade", status: "cancelled" }, "record_only"],
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

describe("what the dialog says will happen and the last e-mail says happened", () => {
  it("tells the e-mail's reader what was done, in the past tense, and what still ships, still ahead", () => {
    const outcomes = Object.keys(DELETION_OUTCOME_TEXT) as DeletionOutcome[]
    expect(Object.keys(DELETION_DONE_TEXT).sort()).toEqual([...outcomes].sort())
    for (const outcome of ["cancel_unpaid", "cancel_refund", "cancel_with_plan"] as const) {
      expect(DELETION_OUTCOME_TEXT[outcome]).toContain("será cancelado")
      expect(DELETION_DONE_TEXT[outcome]).toContain("foi cancelado")
      expect(DELETION_DONE_TEXT[outcome]).not.toMatch(/será cancelad|será encerrad/)
    }
    expect(DELETION_DONE_TEXT.end_plan).toContain("foi encerrado com reembolso")
    expect(DELETION_DONE_TEXT.end_subscription).toContain("foi cancelada")
    expect(DELETION_DONE_TEXT.end_subscription).not.toContain("será cancelada")
    // The parcels under way are still to come when the e-mail arrives.
    expect(DELETION_DONE_TEXT.ships).toContain("será produzido e entregue")
    expect(DELETION_DONE_TEXT.end_subscription).toContain(
      "um mês em produção ou a caminho ainda será entregue",
    )
  })

  it("says a subscription's month paid ahead and not begun is refunded, and one under way still delivered", () => {
    expect(DELETION_OUTCOME_TEXT.end_subscription).toContain(
      "um mês em produção ou a caminho ainda é entregue",
    )
    expect(DELETION_OUTCOME_TEXT.end_subscription).toContain(
      "um mês pago que ainda não começou é reembolsado",
    )
    expect(DELETION_DONE_TEXT.end_subscription).toContain(
      "um mês pago que ainda não tinha começado foi reembolsado",
    )
    for (const text of [DELETION_OUTCOME_TEXT.end_subscription, DELETION_DONE_TEXT.end_subscription])
      expect(text).not.toContain("já pago ainda")
  })
})

describe("what is kept after the deletion", () => {
  it("says for how long, and what becomes of the records after that", () => {
    expect(RETAINED_RECORDS_TEXT).toContain("por 5 anos a partir de cada compra")
    expect(RETAINED_RECORDS_TEXT).toContain("planos e assinaturas")
    expect(RETAINED_RECORDS_TEXT).toContain(
      "Passado esse prazo, apagamos desses registros o nome, o CPF, o endereço",
    )
  })
})
