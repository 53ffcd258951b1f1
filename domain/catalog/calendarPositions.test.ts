import { describe, expect, it } from "vitest"
import { charactersFixture, collectionFixture } from "../../tests/fakes/catalogFixtures"
import { type CivilDate, saoPauloInstant, toSaoPauloCivil } from "../calendar"
import { estimatedDelivery } from "../fulfilment/fulfilmentState"
import { nextShowcaseChange, shipDate } from "../shipping/schedule"
import type { YearMonth } from "./catalog"
import { COMING_SOON_REASON, MYSTERY_NAME, SUBSCRIBERS_ONLY_REASON } from "./reveal"
import { characterCard } from "./showcase"

/**
 * The instants of the calendar at which what the store shows and promises changes, each tried on purpose
 * rather than on whatever day a test happens to run: month and year boundaries, the day before the reveal,
 * the reveal's minute, months of 28 to 31 days. At each, a visitor can buy the month's character and only it;
 * last month's is for subscribers; next month's is coming soon.
 */
const collection = collectionFixture({ edition: { year: 2026, month: 6 } })
const characters = charactersFixture(collection, { year: 2026, month: 6 }, 24)
const characterOf = (month: YearMonth) => {
  const found = characters.find((c) => c.edition.year === month.year && c.edition.month === month.month)
  if (!found) throw new Error(`no character for ${month.year}-${month.month}`)
  return found
}
const visitorCard = (month: YearMonth, now: number, isSubscriber = false) =>
  characterCard(characterOf(month), collection, { now, isSubscriber })

const at = (date: CivilDate, hour: number, minute = 0) => saoPauloInstant(date, hour, minute)
const ym = (year: number, month: number): YearMonth => ({ year, month })
const day = (year: number, month: number, d: number): CivilDate => ({ year, month, day: d })

interface Position {
  readonly name: string
  readonly now: number
  readonly month: YearMonth
  readonly previous: YearMonth
  readonly next: YearMonth
  readonly revealed: boolean
  readonly countdown: string
  readonly shipsOn: CivilDate
  readonly nextChange: number
}

const POSITIONS: readonly Position[] = [
  {
    name: "the 1st at 00:00: the month's teaser starts",
    now: at(day(2026, 12, 1), 0),
    month: ym(2026, 12),
    previous: ym(2026, 11),
    next: ym(2027, 1),
    revealed: false,
    countdown: "31 dias restantes",
    shipsOn: day(2026, 12, 30),
    nextChange: at(day(2026, 12, 2), 0),
  },
  {
    name: "the 14th at 23:59: the last minute of the current batch",
    now: at(day(2026, 12, 14), 23, 59),
    month: ym(2026, 12),
    previous: ym(2026, 11),
    next: ym(2027, 1),
    revealed: false,
    countdown: "18 dias restantes",
    shipsOn: day(2026, 12, 30),
    nextChange: at(day(2026, 12, 15), 0),
  },
  {
    name: "the 15th at 11:59: a minute before the reveal, paid now ships with the next batch",
    now: at(day(2026, 12, 15), 11, 59),
    month: ym(2026, 12),
    previous: ym(2026, 11),
    next: ym(2027, 1),
    revealed: false,
    countdown: "17 dias restantes",
    shipsOn: day(2027, 1, 15),
    nextChange: at(day(2026, 12, 15), 12),
  },
  {
    name: "the 15th at 12:00: the reveal",
    now: at(day(2026, 12, 15), 12),
    month: ym(2026, 12),
    previous: ym(2026, 11),
    next: ym(2027, 1),
    revealed: true,
    countdown: "17 dias restantes",
    shipsOn: day(2027, 1, 15),
    nextChange: at(day(2026, 12, 16), 0),
  },
  {
    name: "the last day of a 28-day month (February 2027)",
    now: at(day(2027, 2, 28), 15),
    month: ym(2027, 2),
    previous: ym(2027, 1),
    next: ym(2027, 3),
    revealed: true,
    countdown: "Último dia!",
    shipsOn: day(2027, 3, 15),
    nextChange: at(day(2027, 3, 1), 0),
  },
  {
    name: "the last day of a 29-day month (February 2028)",
    now: at(day(2028, 2, 29), 15),
    month: ym(2028, 2),
    previous: ym(2028, 1),
    next: ym(2028, 3),
    revealed: true,
    countdown: "Último dia!",
    shipsOn: day(2028, 3, 15),
    nextChange: at(day(2028, 3, 1), 0),
  },
  {
    name: "the last day of a 30-day month (November 2026)",
    now: at(day(2026, 11, 30), 23, 59),
    month: ym(2026, 11),
    previous: ym(2026, 10),
    next: ym(2026, 12),
    revealed: true,
    countdown: "Último dia!",
    shipsOn: day(2026, 12, 15),
    nextChange: at(day(2026, 12, 1), 0),
  },
  {
    name: "the last day of a 31-day month (October 2026)",
    now: at(day(2026, 10, 31), 12),
    month: ym(2026, 10),
    previous: ym(2026, 9),
    next: ym(2026, 11),
    revealed: true,
    countdown: "Último dia!",
    shipsOn: day(2026, 11, 15),
    nextChange: at(day(2026, 11, 1), 0),
  },
  {
    name: "31 December at 23:59",
    now: at(day(2026, 12, 31), 23, 59),
    month: ym(2026, 12),
    previous: ym(2026, 11),
    next: ym(2027, 1),
    revealed: true,
    countdown: "Último dia!",
    shipsOn: day(2027, 1, 15),
    nextChange: at(day(2027, 1, 1), 0),
  },
  {
    name: "1 January at 00:00: a new year's first character, last year's last for subscribers",
    now: at(day(2027, 1, 1), 0),
    month: ym(2027, 1),
    previous: ym(2026, 12),
    next: ym(2027, 2),
    revealed: false,
    countdown: "31 dias restantes",
    shipsOn: day(2027, 1, 30),
    nextChange: at(day(2027, 1, 2), 0),
  },
]

describe.each(POSITIONS)("at $name", (p) => {
  it("sells the month's character to a visitor, named only once revealed", () => {
    const card = visitorCard(p.month, p.now)
    expect(card.status).toBe("current")
    expect(card.purchase).toEqual({ canBuy: true, mode: "single" })
    expect(card.revealed).toBe(p.revealed)
    expect(card.name === MYSTERY_NAME).toBe(!p.revealed)
    expect(card.rarity === null).toBe(!p.revealed)
    expect(card.countdown?.label).toBe(p.countdown)
    expect(card.badge.label).toBe("Mês Atual")
  })

  it("keeps last month's character for subscribers and next month's coming soon", () => {
    expect(visitorCard(p.previous, p.now).purchase).toEqual({
      canBuy: false,
      mode: "none",
      reason: SUBSCRIBERS_ONLY_REASON,
    })
    expect(visitorCard(p.previous, p.now, true).purchase).toEqual({ canBuy: true, mode: "subscription" })
    const next = visitorCard(p.next, p.now, true)
    expect(next.purchase.reason).toBe(COMING_SOON_REASON)
    expect(next.name).toBe(MYSTERY_NAME)
  })

  it("promises the batch's ship date for a payment made now", () => {
    expect(shipDate(toSaoPauloCivil(p.now))).toEqual(p.shipsOn)
  })

  it("expires a rendered page at the next instant the calendar changes it, and not later", () => {
    expect(nextShowcaseChange(p.now)).toBe(p.nextChange)
  })
})

describe("ship dates in short months", () => {
  it("ships the current batch on the month's last day when it has fewer than 30", () => {
    expect(shipDate(day(2027, 2, 10))).toEqual(day(2027, 2, 28))
    expect(shipDate(day(2028, 2, 10))).toEqual(day(2028, 2, 29))
    expect(shipDate(day(2026, 11, 14))).toEqual(day(2026, 11, 30))
    expect(shipDate(day(2026, 10, 14))).toEqual(day(2026, 10, 30))
  })
})

describe("a Carnival week (2027: Monday 8 and Tuesday 9 February)", () => {
  it("counts no business day on Carnival, so a parcel promised in 3 arrives on Friday 12", () => {
    expect(estimatedDelivery(day(2027, 2, 5), 3)).toEqual(day(2027, 2, 12))
    expect(estimatedDelivery(at(day(2027, 2, 5), 18), 1)).toEqual(day(2027, 2, 10))
  })

  it("counts Ash Wednesday as a business day, as carriers work it", () => {
    expect(estimatedDelivery(day(2027, 2, 9), 1)).toEqual(day(2027, 2, 10))
  })
})
