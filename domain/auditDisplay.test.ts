import { describe, expect, it } from "vitest"
import { auditFieldLabel, auditValue } from "./auditDisplay"

describe("audit log display", () => {
  it("names known fields in pt-BR and keeps unknown ones", () => {
    expect(auditFieldLabel("isActive")).toBe("Ativo")
    expect(auditFieldLabel("somethingNew")).toBe("somethingNew")
  })
  it("shows money in reais, instants and dates the Brazilian way", () => {
    expect(auditValue("price", 29990)).toBe("R$\u00a0299,90")
    expect(auditValue("minimumOrderValue", 0)).toBe("R$\u00a00,00")
    // 2026-11-27 15:30 in São Paulo (UTC−3).
    expect(auditValue("validUntil", Date.UTC(2026, 10, 27, 18, 30))).toBe("27/11/2026 15:30")
    expect(auditValue("startDate", "2026-01-15")).toBe("15/01/2026")
    expect(auditValue("endDate", { year: 2026, month: 12, day: 31 })).toBe("31/12/2026")
  })
  it("keeps plain numbers, says yes/no, names roles and shortens long text", () => {
    expect(auditValue("maxUses", 100)).toBe("100")
    expect(auditValue("revealAt", 12)).toBe("12")
    expect(auditValue("isFeatured", false)).toBe("não")
    expect(auditValue("role", "moderator")).toBe("Moderador")
    expect(auditValue("name", null)).toBe("—")
    expect(auditValue("description", "x".repeat(300))).toHaveLength(120)
  })
})
