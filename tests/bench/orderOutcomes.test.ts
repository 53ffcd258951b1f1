import { describe, expect, it } from "vitest"
import { countOutcomes, notAMeasurement, type OrderOutcome, refusedCount } from "./orderOutcomes"

const times = (n: number, outcome: OrderOutcome): OrderOutcome[] => Array.from({ length: n }, () => outcome)
const paid = { kind: "paid" } as const
const soldOut = { kind: "soldOut" } as const
const refused = (reason: string) => ({ kind: "refused", reason }) as const

describe("the order benchmark's outcomes", () => {
  it("are counted by reason, the most frequent first", () => {
    const counts = countOutcomes([
      paid,
      refused("CheckoutRefused: Apenas para Assinantes"),
      soldOut,
      refused("CheckoutRefused: Limite de 1 por colecionador"),
      refused("CheckoutRefused: Limite de 1 por colecionador"),
      paid,
    ])
    expect(counts).toEqual({
      paid: 2,
      soldOut: 1,
      refused: [
        ["CheckoutRefused: Limite de 1 por colecionador", 2],
        ["CheckoutRefused: Apenas para Assinantes", 1],
      ],
    })
    expect(refusedCount(counts)).toBe(3)
  })

  it("are a measurement with up to 1 % refused, however many sold-out refusals ended the run", () => {
    expect(
      notAMeasurement(
        countOutcomes([...times(990, paid), ...times(10, refused("x")), ...times(3000, soldOut)]),
      ),
    ).toBeNull()
  })

  it("are no measurement past 1 % refused, and say why by reason", () => {
    const verdict = notAMeasurement(
      countOutcomes([
        ...times(989, paid),
        ...times(8, refused("CheckoutRefused: Apenas para Assinantes")),
        ...times(3, refused("PaymentFailed: recusado")),
      ]),
    )
    expect(verdict).toContain("11 of 1000 orders (1.1 %) were refused")
    expect(verdict).toContain("8 × CheckoutRefused: Apenas para Assinantes")
    expect(verdict).toContain("3 × PaymentFailed: recusado")
  })

  it("are no measurement when nothing was paid, even with no refusal at all", () => {
    expect(notAMeasurement(countOutcomes([]))).toContain("No order was paid")
    expect(notAMeasurement(countOutcomes(times(5, soldOut)))).toContain("No order was paid")
  })
})
