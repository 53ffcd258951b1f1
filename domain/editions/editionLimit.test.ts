import { describe, expect, it } from "vitest"
import { checkEditionLimit, editionLimitMessage, editionLimitNote, editionRoomMessage } from "./editionLimit"

describe("checkEditionLimit", () => {
  it("lets a collector reach the limit and not pass it", () => {
    expect(checkEditionLimit(1, 0, 1)).toEqual({ ok: true })
    expect(checkEditionLimit(1, 1, 1)).toEqual({ ok: false, message: editionLimitMessage(1, 1), room: 0 })
    expect(checkEditionLimit(3, 1, 2)).toEqual({ ok: true })
    expect(checkEditionLimit(3, 2, 2)).toEqual({ ok: false, message: editionLimitMessage(3, 2), room: 1 })
    expect(checkEditionLimit(1, 0, 2)).toEqual({ ok: false, message: editionLimitMessage(1), room: 1 })
  })

  it("has no limit when the product sets none", () => {
    expect(checkEditionLimit(null, 40, 5)).toEqual({ ok: true })
  })

  it("speaks pt-BR in the singular and the plural", () => {
    expect(editionLimitMessage(1)).toBe("Limite de 1 unidade por colecionador nesta edição.")
    expect(editionLimitMessage(2)).toBe("Limite de 2 unidades por colecionador nesta edição.")
    expect(editionLimitMessage(1, 1)).toBe(
      "Limite de 1 unidade por colecionador nesta edição: já há 1 unidade em pedidos pagos ou aguardando pagamento desta conta ou deste CPF.",
    )
    expect(editionLimitMessage(3, 2)).toContain("já há 2 unidades em pedidos")
    expect(editionLimitNote(1)).toBe("Edição numerada: 1 unidade por colecionador.")
    expect(editionRoomMessage(0)).toBe(
      "Você já tem o limite desta edição em pedidos pagos ou aguardando pagamento.",
    )
    expect(editionRoomMessage(1)).toBe("Nesta edição você pode levar 1 unidade.")
    expect(editionRoomMessage(3)).toBe("Nesta edição você pode levar até 3 unidades.")
  })
})
