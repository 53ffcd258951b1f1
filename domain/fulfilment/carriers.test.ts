import { describe, expect, it } from "vitest"
import { carrierTrackingUrl, maskEmail, maskName } from "./carriers"

describe("carriers and masking", () => {
  it("links to the carrier's tracking page when it has one", () => {
    expect(carrierTrackingUrl("Correios", "AA123456789BR")).toBe(
      "https://rastreamento.correios.com.br/app/index.php?objetos=AA123456789BR",
    )
    expect(carrierTrackingUrl("Jadlog", "JD1")).toContain("jadlog.com.br")
    expect(carrierTrackingUrl("Transportadora do Zé", "X")).toBeNull()
  })

  it("masks a customer's name and e-mail for a stranger", () => {
    expect(maskName("Ana Souza")).toBe("A** S****")
    expect(maskName(" Li ")).toBe("L**")
    expect(maskEmail("ana.souza@example.com")).toBe("a***@e***.com")
    expect(maskEmail("x@localhost")).toBe("x***@l***")
  })
})
