import { describe, expect, it } from "vitest"
import { saoPauloInstant } from "../calendar"
import { DUNNING_PAUSE_MESSAGE, nextDunningTry } from "./dunning"

const on = (day: number) => saoPauloInstant({ year: 2027, month: 3, day }, 6)

describe("dunning", () => {
  it("tries on days 1, 3 and 5, then gives up", () => {
    expect(nextDunningTry(on(1), 0)).toEqual({ year: 2027, month: 3, day: 3 })
    expect(nextDunningTry(on(3), 1)).toEqual({ year: 2027, month: 3, day: 5 })
    expect(nextDunningTry(on(5), 2)).toBeNull()
  })

  it("retries two days after a try made late", () => {
    expect(nextDunningTry(on(4), 0)).toEqual({ year: 2027, month: 3, day: 6 })
    expect(nextDunningTry(saoPauloInstant({ year: 2027, month: 3, day: 31 }, 6), 0)).toEqual({
      year: 2027,
      month: 4,
      day: 2,
    })
  })

  it("says what to do in pt-BR", () => {
    expect(DUNNING_PAUSE_MESSAGE).toBe(
      "Não conseguimos cobrar seu cartão. Sua assinatura foi pausada: atualize o cartão para reativá-la.",
    )
  })
})
