import { afterEach, describe, expect, it } from "vitest"
import { type CivilDate, monthYearLabelPtBR, saoPauloInstant } from "../../domain/calendar"
import { MYSTERY_NAME, SUBSCRIBERS_ONLY_REASON } from "../../domain/catalog/reveal"
import { launchBrowser } from "../support/browser"
import { go } from "../support/pages"
import { type RunningServer, startServer } from "../support/server"

/**
 * The demo store (the run's template, seeded on STORE_DAY, 20 October 2026) lived on the calendar's turning
 * points: the store's clock is set to each (STORE_CLOCK_START), as an owner trying `npm start` before a reveal
 * would. A visitor always finds the month's characters on sale, the home page names the right month and
 * counts down to the right reveal, and no buy button of the month says 'Apenas para Assinantes'.
 */
interface Home {
  readonly edition: { label: string; revealDate: string; daysUntilReveal: number }
  readonly highlights: readonly {
    id: string
    name: string
    revealed: boolean
    status: string
    purchase: { canBuy: boolean; reason?: string }
  }[]
}

const POSITIONS: readonly { name: string; date: CivilDate; hour: number; minute: number; days: number }[] = [
  { name: "the 1st at 00:00", date: { year: 2026, month: 11, day: 1 }, hour: 0, minute: 0, days: 14 },
  { name: "the 14th at 23:59", date: { year: 2026, month: 11, day: 14 }, hour: 23, minute: 59, days: 1 },
  { name: "the 15th at 11:59", date: { year: 2026, month: 11, day: 15 }, hour: 11, minute: 59, days: 0 },
  { name: "the 15th at 12:00", date: { year: 2026, month: 11, day: 15 }, hour: 12, minute: 0, days: 0 },
  {
    name: "the last day of a month",
    date: { year: 2026, month: 11, day: 30 },
    hour: 23,
    minute: 59,
    days: 0,
  },
  { name: "31 December", date: { year: 2026, month: 12, day: 31 }, hour: 22, minute: 0, days: 0 },
]

let server: RunningServer | null = null
afterEach(async () => {
  await server?.stop()
  server = null
})

async function trpcQuery<T>(url: string, procedure: string, input?: unknown): Promise<T> {
  const qs = input === undefined ? "" : `?input=${encodeURIComponent(JSON.stringify({ json: input }))}`
  const res = await fetch(`${url}/api/trpc/${procedure}${qs}`)
  if (!res.ok) throw new Error(`${procedure}: ${res.status} ${await res.text()}`)
  return ((await res.json()) as { result: { data: { json: T } } }).result.data.json
}

/**
 * The page's HTML as a reader sees its words: without React's text separators, and without its scripts (the
 * page's data names every character's rule, the released ones' 'Apenas para Assinantes' included).
 */
const page = async (url: string, path: string) => {
  const res = await fetch(`${url}${path}`)
  expect(res.status).toBe(200)
  return (await res.text()).replaceAll("<!-- -->", "").replace(/<script\b[\s\S]*?<\/script>/g, "")
}

describe.each(POSITIONS)("the demo store on $name", (p) => {
  it("sells the month's characters to a visitor and names the right month and reveal", async () => {
    const now = saoPauloInstant(p.date, p.hour, p.minute)
    server = await startServer({ NODE_ENV: "test", STORE_CLOCK_START: new Date(now).toISOString() })
    const revealed = p.date.day > 15 || (p.date.day === 15 && p.hour >= 12)

    const home = await trpcQuery<Home>(server.url, "catalog.home")
    const label = monthYearLabelPtBR(p.date)
    expect(home.edition.label).toBe(label)
    expect(home.edition.daysUntilReveal).toBe(p.days)
    expect(home.highlights.length).toBeGreaterThan(0)
    for (const h of home.highlights) {
      expect(h).toMatchObject({ status: "current", revealed, purchase: { canBuy: true } })
      expect(h.name === MYSTERY_NAME).toBe(!revealed)
    }

    const html = await page(server.url, "/")
    expect(html).toContain(`Edição de ${label}`)
    // The year of São Paulo's calendar, not the server's (UTC is already in the next year on 31 December at 21:00).
    expect(html).toContain(`© ${p.date.year} Legendarium`)
    expect(html).toContain(
      revealed
        ? "Personagens do mês revelados em"
        : p.days > 0
          ? `faltam ${p.days} ${p.days === 1 ? "dia" : "dias"}`
          : "Revelação hoje, 15/11/2026, ao meio-dia",
    )
    const month = await page(server.url, "/colecoes?fase=atual")
    expect(month).not.toContain(SUBSCRIBERS_ONLY_REASON)
    const [first] = home.highlights
    const character = await page(server.url, `/character/${first?.id}`)
    expect(character).toContain("Comprar por R$")
    expect(character).not.toContain(SUBSCRIBERS_ONLY_REASON)
    // The page carries the store's clock, so the browser's countdowns follow it, not the machine's.
    expect(character).toMatch(/<meta name="store-clock-offset" content="-?\d+"/)
    expect(month).toContain("Comprar Personagem do Mês")
  })
})

describe("a minute before the reveal, in Chromium", () => {
  it("counts the character page down to the store's noon, not the machine's, without a console error", async () => {
    const now = saoPauloInstant({ year: 2026, month: 11, day: 15 }, 11, 59)
    server = await startServer({ NODE_ENV: "test", STORE_CLOCK_START: new Date(now).toISOString() })
    const home = await trpcQuery<Home>(server.url, "catalog.home")
    const browser = await launchBrowser()
    try {
      const page = await browser.newPage()
      const errors: string[] = []
      page.on("console", (m) => void (m.type() === "error" && errors.push(m.text())))
      page.on("pageerror", (e) => errors.push(e.message))
      await go(page, server.url, `/character/${home.highlights[0]?.id}`)
      const countdown = page.getByText("Revelação em:")
      // Under a minute left on the store's clock: 'Xm Ys', never days (the machine's calendar) nor 'Revelado!'.
      await expect.poll(() => countdown.innerText()).toMatch(/Revelação em:\s*0m \d{1,2}s/)
      expect(errors).toEqual([])
    } finally {
      await browser.close()
    }
  })
})
