import { describe, expect, it } from "vitest"
import { formatBRL } from "../money"
import { auditDetailText } from "./auditDetails"

describe("an audit entry's details in pt-BR", () => {
  it("names the status move and the shipment's fields", () => {
    expect(auditDetailText({ to: "delivered", from: "shipped" })).toBe("De: Postado → Para: Entregue")
    expect(
      auditDetailText({
        carrier: "Correios",
        service: "SEDEX",
        trackingCode: "AA123456789BR",
        from: "produced",
        to: "shipped",
      }),
    ).toBe(
      "De: Produto finalizado → Para: Postado · Transportadora: Correios · Serviço: SEDEX · Código de rastreamento: AA123456789BR",
    )
  })

  it("writes amounts in reais, hides internal ids and keeps an unknown key", () => {
    expect(
      auditDetailText({ amount: 12990, note: "", requestId: "r1", from: "delivered", to: "delivered" }),
    ).toBe(`De: Entregue → Para: Entregue · Valor: ${formatBRL(12990)}`)
    expect(auditDetailText({ kind: "withdrawal", stars: 5, extra: "x" })).toBe(
      "Tipo: Devolução por arrependimento · Avaliação: 5 de 5 · extra: x",
    )
  })
})
