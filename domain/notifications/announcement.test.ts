import { describe, expect, it } from "vitest"
import { PAYMENT_STATUS_LABEL } from "../orders/payment"
import { paymentStatusDetailLabel } from "../orders/paymentStatusDetail"
import { ANNOUNCEMENT_MESSAGES, announcementLink, validateAnnouncement } from "./announcement"
import { safeResourceId, WEBHOOK_OUTCOME_LABEL, WEBHOOK_OUTCOMES } from "./webhookReceipt"

const SITE = "https://loja.example"
const draft = { title: "Manutenção", message: "Domingo, das 2h às 4h.", audience: { kind: "all" } } as const

describe("validateAnnouncement", () => {
  it("accepts a draft, trimming title and message; no link is null", () => {
    expect(validateAnnouncement({ ...draft, title: "  Manutenção " }, SITE)).toEqual({
      ok: true,
      announcement: {
        title: "Manutenção",
        message: draft.message,
        actionUrl: null,
        audience: { kind: "all" },
      },
    })
  })

  it.each([
    [{ title: " " }, "title", ANNOUNCEMENT_MESSAGES.titleRequired],
    [{ title: "x".repeat(121) }, "title", ANNOUNCEMENT_MESSAGES.titleTooLong],
    [{ message: "" }, "message", ANNOUNCEMENT_MESSAGES.messageRequired],
    [{ message: "x".repeat(2001) }, "message", ANNOUNCEMENT_MESSAGES.messageTooLong],
    [{ link: "javascript:alert(1)" }, "link", ANNOUNCEMENT_MESSAGES.invalidLink],
    [
      { audience: { kind: "collection", collectionId: " " } },
      "audience",
      ANNOUNCEMENT_MESSAGES.collectionRequired,
    ],
  ] as const)("refuses %o on %s", (over, field, message) => {
    expect(validateAnnouncement({ ...draft, ...over }, SITE)).toEqual({ ok: false, field, message })
  })

  it("keeps the limits exactly: 120 and 2000 characters pass", () => {
    expect(
      validateAnnouncement({ ...draft, title: "x".repeat(120), message: "y".repeat(2000) }, SITE).ok,
    ).toBe(true)
  })
})

describe("announcementLink", () => {
  it.each([
    ["/colecoes/anime", "https://loja.example/colecoes/anime"],
    ["https://loja.example/planos", "https://loja.example/planos"],
    ["https://instagram.com/legendarium", "https://instagram.com/legendarium"],
  ])("accepts %s", (link, url) => {
    expect(announcementLink(link, SITE)).toBe(url)
  })

  it("accepts this site's plain-http address in development, but no one else's", () => {
    expect(announcementLink("http://localhost:3000/planos", "http://localhost:3000")).toBe(
      "http://localhost:3000/planos",
    )
    expect(announcementLink("http://example.com/", "http://localhost:3000")).toBeNull()
  })

  it.each([
    "//evil.example/x",
    "http://evil.example/",
    "javascript:alert(1)",
    "data:text/html,oi",
    "https://user:pw@loja.example/",
    "/com espaço",
    `/${"a".repeat(600)}`,
  ])("refuses %s", (link) => {
    expect(announcementLink(link, SITE)).toBeNull()
  })
})

describe("labels", () => {
  it("names every payment status and webhook outcome in pt-BR", () => {
    expect(PAYMENT_STATUS_LABEL.approved).toBe("Aprovado")
    expect(PAYMENT_STATUS_LABEL.in_process).toBe("Em análise")
    for (const outcome of WEBHOOK_OUTCOMES) expect(WEBHOOK_OUTCOME_LABEL[outcome]).toMatch(/\p{L}/u)
    expect(WEBHOOK_OUTCOME_LABEL.refused).toBe("Recusada (assinatura inválida)")
  })

  it("reads Mercado Pago's status details in pt-BR, an unknown one as it came", () => {
    expect(paymentStatusDetailLabel("accredited")).toBe("Pagamento creditado")
    expect(paymentStatusDetailLabel("cc_rejected_insufficient_amount")).toBe("Saldo ou limite insuficiente")
    expect(paymentStatusDetailLabel("something_new")).toBe("something_new")
    expect(paymentStatusDetailLabel("toString")).toBe("toString")
    expect(paymentStatusDetailLabel(null)).toBeNull()
  })

  it("keeps only resource ids that look like one", () => {
    expect(safeResourceId("123456789")).toBe("123456789")
    expect(safeResourceId("<script>")).toBeNull()
    expect(safeResourceId("x".repeat(65))).toBeNull()
  })
})
