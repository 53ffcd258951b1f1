import { describe, expect, it } from "vitest"
import { replyProblem, SUPPORT_FORM_MESSAGES, validateTicketForm } from "./form"
import { isLate, slaLabel, slaState } from "./sla"
import {
  afterCustomerReply,
  afterStaffReply,
  closeByCustomer,
  parseTicketNumber,
  SUPPORT_CATEGORIES,
  SUPPORT_CATEGORY_LABELS,
  type Ticket,
  ticketNumberLabel,
  withStatus,
} from "./tickets"

const HOUR = 3_600_000
const T0 = Date.UTC(2026, 10, 27, 12)

const ticket = (over: Partial<Ticket> = {}): Ticket => ({
  id: "t1",
  number: 1042,
  userId: null,
  name: "Ana Souza",
  email: "ana@example.com",
  category: "shipping",
  subject: "Pedido atrasado",
  status: "open",
  orderId: null,
  assignedTo: null,
  createdAt: T0,
  updatedAt: T0,
  firstResponseAt: null,
  resolvedAt: null,
  lastMessageAt: T0,
  emailProvenAt: null,
  ...over,
})

const form = {
  name: "  Ana   Souza ",
  email: " Ana@Example.COM ",
  category: "shipping",
  subject: " Pedido atrasado ",
  description: " Meu pedido não chegou. ",
}

describe("ticket form", () => {
  it("accepts a complete form, trimmed and with the e-mail lower-cased", () => {
    expect(validateTicketForm(form)).toEqual({
      ok: true,
      value: {
        name: "Ana Souza",
        email: "ana@example.com",
        category: "shipping",
        subject: "Pedido atrasado",
        description: "Meu pedido não chegou.",
      },
    })
  })

  it("requires every field, each with its pt-BR message", () => {
    expect(
      validateTicketForm({ name: " ", email: "ana@", category: "", subject: "", description: "  " }),
    ).toEqual({
      ok: false,
      errors: {
        name: "Informe seu nome completo",
        email: "Informe um e-mail válido",
        category: "Escolha uma categoria",
        subject: "Informe o assunto",
        description: "Descreva o problema",
      },
    })
  })

  it("limits the subject to 120 and the description to 5000 characters", () => {
    const long = validateTicketForm({ ...form, subject: "a".repeat(121), description: "b".repeat(5001) })
    expect(long).toEqual({
      ok: false,
      errors: {
        subject: SUPPORT_FORM_MESSAGES.subjectTooLong,
        description: SUPPORT_FORM_MESSAGES.descriptionTooLong,
      },
    })
    expect(validateTicketForm({ ...form, subject: "a".repeat(120), description: "b".repeat(5000) }).ok).toBe(
      true,
    )
  })

  it("refuses a category that is not one of the seven", () => {
    expect(validateTicketForm({ ...form, category: "refund" }).ok).toBe(false)
    expect(SUPPORT_CATEGORIES).toHaveLength(7)
    expect(SUPPORT_CATEGORY_LABELS.technical).toBe("Problema técnico")
  })

  it("checks replies", () => {
    expect(replyProblem("  ")).toBe("Escreva sua mensagem")
    expect(replyProblem("x".repeat(5001))).toBe(SUPPORT_FORM_MESSAGES.replyTooLong)
    expect(replyProblem("Obrigada!")).toBeNull()
  })
})

describe("ticket numbers", () => {
  it("shows and reads '#1042'", () => {
    expect(ticketNumberLabel(1042)).toBe("#1042")
    expect(parseTicketNumber("#1042")).toBe(1042)
    expect(parseTicketNumber(" 1042 ")).toBe(1042)
    expect(parseTicketNumber("ana@example.com")).toBeNull()
  })
})

describe("ticket transitions", () => {
  it("a staff reply waits for the customer and stamps the first response once", () => {
    const answered = afterStaffReply(ticket(), T0 + HOUR)
    expect(answered).toMatchObject({ status: "waiting_customer", firstResponseAt: T0 + HOUR })
    expect(afterStaffReply(answered, T0 + 2 * HOUR).firstResponseAt).toBe(T0 + HOUR)
  })

  it("a customer reply reopens: to in progress once answered, else to open", () => {
    const waiting = afterStaffReply(ticket(), T0 + HOUR)
    expect(afterCustomerReply(waiting, T0 + 2 * HOUR)).toMatchObject({
      status: "in_progress",
      lastMessageAt: T0 + 2 * HOUR,
    })
    const resolved = withStatus(ticket(), "resolved", T0 + HOUR)
    expect(afterCustomerReply(resolved, T0 + 2 * HOUR)).toMatchObject({ status: "open", resolvedAt: null })
    expect(afterCustomerReply(ticket({ status: "in_progress" }), T0).status).toBe("in_progress")
  })

  it("the customer closes an open ticket, not a closed one", () => {
    const closed = closeByCustomer(ticket(), T0 + HOUR)
    expect(closed).toMatchObject({ ok: true, ticket: { status: "resolved", resolvedAt: T0 + HOUR } })
    if (closed.ok) expect(closeByCustomer(closed.ticket, T0 + 2 * HOUR)).toMatchObject({ ok: false })
  })

  it("staff may set any status; leaving 'resolved' clears its time", () => {
    const resolved = withStatus(ticket(), "resolved", T0 + HOUR)
    expect(resolved.resolvedAt).toBe(T0 + HOUR)
    expect(withStatus(resolved, "resolved", T0 + 5 * HOUR).resolvedAt).toBe(T0 + HOUR)
    expect(withStatus(resolved, "in_progress", T0 + 2 * HOUR)).toMatchObject({
      status: "in_progress",
      resolvedAt: null,
    })
  })
})

describe("the 24-hour promise", () => {
  it("counts down, then counts the delay", () => {
    expect(slaLabel(slaState(ticket(), T0 + 19 * HOUR))).toBe("vence em 5h")
    expect(slaLabel(slaState(ticket(), T0 + 24 * HOUR))).toBe("vence em 0h")
    expect(slaLabel(slaState(ticket(), T0 + 27 * HOUR + 10))).toBe("atrasado há 3h")
    expect(isLate(ticket(), T0 + 24 * HOUR + 1)).toBe(true)
    expect(isLate(ticket(), T0 + 23 * HOUR)).toBe(false)
  })

  it("stops at the first answer, in time or late", () => {
    expect(slaLabel(slaState(ticket({ firstResponseAt: T0 + 2 * HOUR }), T0 + 90 * HOUR))).toBe("no prazo")
    expect(slaLabel(slaState(ticket({ firstResponseAt: T0 + 30 * HOUR }), T0 + 90 * HOUR))).toBe(
      "respondido com atraso",
    )
    expect(isLate(ticket({ firstResponseAt: T0 + 30 * HOUR }), T0 + 90 * HOUR)).toBe(false)
  })
})
