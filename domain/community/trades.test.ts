import { describe, expect, it } from "vitest"
import {
  accountDeletedNotice,
  cancel,
  confirm,
  type Decision,
  respond,
  TRADE_MESSAGES,
  type Trade,
  validateMessage,
} from "./trades"

const offer: Trade = {
  id: "t1",
  fromUserId: "ana",
  toUserId: "bia",
  fromPieceId: "p-ana",
  toPieceId: "p-bia",
  status: "pending",
  message: "",
  fromConfirmedAt: null,
  toConfirmedAt: null,
  createdAt: 1,
  respondedAt: null,
  completedAt: null,
  cancelledAt: null,
  cancellationReason: null,
  unwoundAt: null,
  unwoundReason: null,
}

const value = (d: Decision): Trade => {
  if (!d.ok) throw new Error(d.reason)
  return d.trade
}
const reason = (d: Decision) => (d.ok ? null : d.reason)

describe("trade transitions", () => {
  it("lets only the recipient accept or reject a pending offer", () => {
    expect(value(respond(offer, "bia", "accept", 2))).toMatchObject({ status: "accepted", respondedAt: 2 })
    expect(value(respond(offer, "bia", "reject", 2)).status).toBe("rejected")
    expect(reason(respond(offer, "ana", "accept", 2))).toBe(TRADE_MESSAGES.recipientOnly)
    expect(reason(respond(offer, "eve", "accept", 2))).toBe(TRADE_MESSAGES.recipientOnly)
    const accepted = value(respond(offer, "bia", "accept", 2))
    expect(reason(respond(accepted, "bia", "reject", 3))).toBe(TRADE_MESSAGES.notPending)
  })
  it("completes on the second confirmation, by either side first", () => {
    const accepted = value(respond(offer, "bia", "accept", 2))
    expect(reason(confirm(offer, "ana", 3))).toBe(TRADE_MESSAGES.notAccepted)
    const once = value(confirm(accepted, "bia", 3))
    expect(once).toMatchObject({ status: "accepted", toConfirmedAt: 3, fromConfirmedAt: null })
    expect(reason(confirm(once, "bia", 4))).toBe(TRADE_MESSAGES.alreadyConfirmed)
    expect(value(confirm(once, "ana", 5))).toMatchObject({ status: "completed", completedAt: 5 })
    const other = value(confirm(accepted, "ana", 3))
    expect(value(confirm(other, "bia", 4)).status).toBe("completed")
    expect(reason(confirm(accepted, "eve", 3))).toBe(TRADE_MESSAGES.notFound)
  })
  it("cancels an open trade by either side, with a reason, and nothing after it closed", () => {
    expect(value(cancel(offer, "ana", " Mudei de ideia ", 2))).toMatchObject({
      status: "cancelled",
      cancellationReason: "Mudei de ideia",
    })
    const accepted = value(respond(offer, "bia", "accept", 2))
    expect(value(cancel(accepted, "bia", "Vendi a peça", 3)).status).toBe("cancelled")
    expect(reason(cancel(offer, "ana", "  ", 2))).toBe(TRADE_MESSAGES.reasonRequired)
    expect(reason(cancel(offer, "eve", "x", 2))).toBe(TRADE_MESSAGES.notFound)
    const done = value(confirm(value(confirm(accepted, "ana", 3)), "bia", 4))
    expect(reason(cancel(done, "ana", "tarde demais", 5))).toBe(TRADE_MESSAGES.notOpen)
    const rejected = value(respond(offer, "bia", "reject", 2))
    expect(reason(cancel(rejected, "ana", "x", 3))).toBe(TRADE_MESSAGES.notOpen)
    expect(reason(confirm(rejected, "ana", 3))).toBe(TRADE_MESSAGES.notAccepted)
  })
  it("tells the other side of a deleted account's trade by its public name alone", () => {
    expect(accountDeletedNotice("pending", "Ana S.")).toBe(
      "A proposta de troca com Ana S. foi encerrada porque a conta dessa pessoa foi excluída.",
    )
    expect(accountDeletedNotice("accepted", "Ana S.")).toBe(
      "A troca com Ana S. foi encerrada porque a conta dessa pessoa foi excluída.",
    )
    expect(value(cancel(offer, "ana", TRADE_MESSAGES.accountDeleted, 2)).cancellationReason).toBe(
      TRADE_MESSAGES.accountDeleted,
    )
  })
  it("limits the message to 300 characters with the spec's text", () => {
    expect(validateMessage("x".repeat(300))).toBeNull()
    expect(validateMessage("x".repeat(301))).toBe("A mensagem deve ter menos de 300 caracteres")
  })
})
