import type { Page } from "playwright"
import { expect } from "vitest"
import { toSaoPauloCivil } from "../../../domain/calendar"
import { editionDates } from "../../../domain/shipping/schedule"
import { launchBrowser } from "../../support/browser"
import { createVerifiedAccount } from "../../support/mailbox"
import { go, signIn } from "../../support/pages"
import { type RunningServer, startServer } from "../../support/server"
import { STORE_DAY } from "../../support/storeClock"

/**
 * Notifications in Chromium: the store lives a reveal day (STORE_CLOCK_START, 45 s before noon of the 15th in
 * São Paulo); a collector favourites the character about to be revealed, the reveal job tells them in-app and by
 * e-mail, and the e-mail's unsubscribe link (after its confirmation click) turns that e-mail off.
 *
 * The job looks once a minute, so the notification comes a minute or so after the store starts: the store is
 * started and the favourite set before other journeys (startRevealDay), and the journey checks the outcome after
 * them (revealDayJourney), instead of a file of its own waiting out that minute.
 */
const COLLECTOR = { name: "Rita Reveal", email: "rita.reveal@example.com", password: "Segura123" }

// The demo catalogue is scheduled around the day it was seeded (the run's template, on STORE_DAY), one character a
// month revealed at noon of its 15th (editionDates). The store lives 45 s before that month's noon. The setup
// checks below that the catalogue really has a character revealing then.
const REVEAL = editionDates(toSaoPauloCivil(STORE_DAY)).revealAt
const START = REVEAL - 45_000

export interface RevealDay {
  readonly server: RunningServer
  readonly page: Page
  /** The character revealed at the store's noon, which the collector favourited before it. */
  readonly characterId: string
  stop(): Promise<void>
}

/** A tRPC query as the signed-in collector (the page's cookies), superjson-wrapped. */
async function query<T>(day: Pick<RevealDay, "server" | "page">, procedure: string, input?: unknown) {
  const qs = input === undefined ? "" : `?input=${encodeURIComponent(JSON.stringify({ json: input }))}`
  const res = await day.page.request.get(`${day.server.url}/api/trpc/${procedure}${qs}`)
  if (!res.ok()) throw new Error(`${procedure}: ${res.status()} ${await res.text()}`)
  return ((await res.json()) as { result: { data: { json: T } } }).result.data.json
}

async function mutate(day: Pick<RevealDay, "server" | "page">, procedure: string, input: unknown) {
  const res = await day.page.request.post(`${day.server.url}/api/trpc/${procedure}`, {
    data: { json: input },
    headers: { origin: day.server.url },
  })
  if (!res.ok()) throw new Error(`${procedure}: ${res.status()} ${await res.text()}`)
}

/** The character of the catalogue whose reveal is the store's next (found in the data, by its instant). */
async function characterRevealingAt(day: Pick<RevealDay, "server" | "page">, instant: number) {
  const collections = await query<{ slug: string }[]>(day, "catalog.collections")
  for (const c of collections) {
    const detail = await query<{ characters?: { id: string; revealAt: number }[] }>(
      day,
      "catalog.collection",
      {
        id: c.slug,
      },
    )
    const found = detail.characters?.find((ch) => ch.revealAt === instant)
    if (found) return found.id
  }
  throw new Error(`no character of the catalogue reveals at ${new Date(instant).toISOString()}`)
}

/** The store 45 s before its noon, the collector signed in who favourited the character revealed then. */
export async function startRevealDay(): Promise<RevealDay> {
  const [server, browser] = await Promise.all([
    startServer({ NODE_ENV: "test", STORE_CLOCK_START: new Date(START).toISOString() }),
    launchBrowser(),
  ])
  await createVerifiedAccount(server.url, COLLECTOR.name, COLLECTOR.email, COLLECTOR.password)
  const context = await browser.newContext({ locale: "pt-BR", viewport: { width: 1280, height: 900 } })
  const page = await context.newPage()
  await signIn(page, server.url, COLLECTOR.email, COLLECTOR.password)
  await page.waitForURL("**/perfil")
  const characterId = await characterRevealingAt({ server, page }, REVEAL)
  await mutate({ server, page }, "favourites.set", { productId: characterId, on: true })
  return {
    server,
    page,
    characterId,
    stop: async () => {
      await browser.close()
      await server.stop()
    },
  }
}

/**
 * The header's bell: a button named 'Notificações…', a badge `notifications-badge` with the unread count, a panel
 * `notifications-panel` with one link per notification; reading them all drops the count.
 */
async function bellJourney({ server, page, characterId }: RevealDay) {
  const bell = page.getByRole("button", { name: /^Notificações/ })
  await expect
    .poll(
      async () => {
        await go(page, server.url, "/")
        return page
          .getByTestId("notifications-badge")
          .innerText()
          .catch(() => "")
      },
      { timeout: 30_000, interval: 1000 },
    )
    .toMatch(/^([1-9]|9\+)$/)
  await bell.click()
  const panel = page.getByTestId("notifications-panel")
  await panel.waitFor()
  const link = panel.locator(`a[href$="/character/${characterId}"]`).first()
  expect(await link.innerText()).toContain("Personagem revelado")
  await panel.getByRole("button", { name: "Marcar todas como lidas" }).click()
  await expect.poll(() => page.getByTestId("notifications-badge").count()).toBe(0)
}

/** The fan is told at noon, in-app and by e-mail, and the e-mail's link unsubscribes. */
export async function revealDayJourney(day: RevealDay) {
  const { server, page, characterId } = day
  // The job looks every minute: the reveal at noon is in the list a minute or so after the store started.
  const revealed = async () =>
    (
      await query<{ items: { title: string; type: string; actionUrl: string | null }[] }>(
        day,
        "notifications.list",
        { cursor: null },
      )
    ).items.find((n) => n.actionUrl?.endsWith(`/character/${characterId}`)) ?? null
  await expect.poll(revealed, { timeout: 150_000, interval: 2000 }).not.toBeNull()
  const notification = await revealed()
  expect(notification).toMatchObject({
    type: "character_reveal",
    title: expect.stringMatching(/^Personagem revelado: /),
  })
  const title = notification?.title ?? ""

  await bellJourney(day)

  // The e-mail, with its one-click header, in the dev mailbox.
  const list = await (await fetch(`${server.url}/dev/emails`)).text()
  const row = [
    ...list.matchAll(/<td>([^<]*)<\/td>\s*<td><a href="(\/dev\/emails\/[0-9a-f-]+)">([^<]*)<\/a>/g),
  ].find((r) => r[1] === COLLECTOR.email && r[3]?.startsWith(title))
  if (!row?.[2]) throw new Error("no reveal e-mail in the dev mailbox")
  const message = await (await fetch(server.url + row[2])).text()
  const header = /data-header="list-unsubscribe">&lt;([^&]+)&gt;</
    .exec(message)?.[1]
    ?.replaceAll("&amp;", "&")
  expect(header).toMatch(/\/api\/unsubscribe\?token=character_reveal\./)
  expect(message).toContain("List-Unsubscribe=One-Click")

  // Opening the link changes nothing by itself; the confirmation does.
  await page.goto(header ?? "")
  await page.waitForURL("**/descadastrar?token=*")
  await page.waitForSelector("html[data-hydrated=true]")
  await page.getByText("Revelação de personagens").first().waitFor()
  type Preferences = Record<string, { inApp: boolean; email: boolean }>
  let preferences = await query<Preferences>(day, "notifications.preferences")
  expect(preferences.character_reveal).toEqual({ inApp: true, email: true })
  await page.getByRole("button", { name: "Confirmar descadastro" }).click()
  await page
    .getByText(
      "Pronto: você não receberá mais e-mails de Revelação de personagens. Você pode mudar isso em Perfil › Notificações.",
    )
    .waitFor()
  preferences = await query<Preferences>(day, "notifications.preferences")
  expect(preferences.character_reveal).toEqual({ inApp: true, email: false })
  expect(preferences.billing).toEqual({ inApp: true, email: true })
}
