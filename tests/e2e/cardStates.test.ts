import type { Page } from "playwright"
import { describe, expect, it } from "vitest"
import { saoPauloInstant } from "../../domain/calendar"
import { axeFindings } from "../support/axe"
import { createVerifiedAccount } from "../support/mailbox"
import { go } from "../support/pages"
import { placeOrder } from "../support/purchase"
import { startServer } from "../support/server"
import { storeClockEnv } from "../support/storeClock"
import { adminWorldForFile, type Person } from "./admin/world"

/**
 * The cards' viewer states in Chromium: a collector who holds a piece, offers another for trade and keeps a
 * third in her favourites sees each on the catalogue's cards, rendered so by the server for her alone; a
 * visitor, and the shared cached HTML, see none of them.
 */
const world = adminWorldForFile()

const LUNA: Person = { name: "Luna Castro", email: "luna@example.com", password: "Luna123456" }
const VIEWER_STATES = ["owned", "tradeable", "wishlist"]
const VIEWER_LABELS = ["Na sua coleção", "Para troca", "Nos seus favoritos"]

/** This month's character of each collection, with the collection it belongs to (each one on sale now). */
async function monthCharacters(url: string) {
  const collections = (await (await fetch(`${url}/api/trpc/catalog.collections`)).json()) as {
    result: { data: { json: { slug: string }[] } }
  }
  const found: { slug: string; id: string }[] = []
  for (const { slug } of collections.result.data.json) {
    const html = await (await fetch(`${url}/colecoes?fase=atual&colecao=${slug}`)).text()
    const id = /href="\/character\/([0-9a-f-]+)"/.exec(html)?.[1]
    if (id) found.push({ slug, id })
  }
  return found
}

const cardOf = (page: Page, productId: string) =>
  page.getByTestId("character-card").filter({ has: page.locator(`a[href="/character/${productId}"]`) })

/** Reloads /trocas until the event dispatcher has given the collector both pieces. */
async function myPieces(page: Page, url: string, count: number) {
  for (let i = 0; i < 60; i++) {
    await go(page, url, "/trocas")
    await page.getByRole("tab", { name: "Minhas peças" }).click()
    await page.waitForLoadState("networkidle")
    if ((await page.locator("li[data-piece]").count()) >= count) return
    await page.waitForTimeout(500)
  }
  throw new Error("the pieces never reached the collector")
}

describe("character card states", () => {
  it("shows a collector her own piece, her trade offer and her favourite; a visitor none", async () => {
    const url = world().server.url
    const [owned, traded, wished] = await monthCharacters(url)
    if (!owned || !traded || !wished) throw new Error("the demo catalogue has fewer than three collections")
    await createVerifiedAccount(url, LUNA.name, LUNA.email, LUNA.password)
    const luna = await world().signedIn(LUNA)
    const errors: string[] = []
    luna.on("console", (m) => m.type() === "error" && errors.push(m.text()))
    luna.on("pageerror", (e) => errors.push(e.message))

    await placeOrder(luna, url, owned.id)
    await placeOrder(luna, url, traded.id)
    await myPieces(luna, url, 2)
    await go(luna, url, `/character/${traded.id}`)
    const tradedName = await luna.locator("h1").first().innerText()
    await go(luna, url, "/trocas")
    await luna.getByRole("tab", { name: "Minhas peças" }).click()
    const piece = luna.locator("li[data-piece]").filter({ hasText: tradedName })
    await piece.getByLabel("Disponível para troca").click()
    await piece.getByRole("link", { name: "Link da troca" }).waitFor()

    await go(luna, url, `/character/${wished.id}`)
    await luna.getByRole("button", { name: "Favoritar" }).click()
    await luna.getByRole("button", { name: "Remover dos favoritos" }).waitFor()
    await luna.getByTestId("card-state").filter({ hasText: "Nos seus favoritos" }).waitFor()

    const expected = [
      [owned, "owned", "Na sua coleção"],
      [traded, "tradeable", "Para troca"],
      [wished, "wishlist", "Nos seus favoritos"],
    ] as const
    for (const [character, state, label] of expected) {
      for (const path of [`/colecoes/${character.slug}`, `/colecoes?fase=atual&colecao=${character.slug}`]) {
        await go(luna, url, path)
        const card = cardOf(luna, character.id)
        await expect.poll(() => card.getAttribute("data-state"), { timeout: 10_000 }).toBe(state)
        expect(await card.getByTestId("card-state").innerText()).toBe(label)
      }
      // Her page is rendered with her states on the server, so hydration has nothing to change.
      const html = await (await luna.request.get(`${url}/colecoes/${character.slug}`)).text()
      expect(html).toContain(label)
    }
    await go(luna, url, `/colecoes/${owned.slug}`)
    await luna.waitForLoadState("networkidle")
    expect(await axeFindings(luna)).toEqual([])
    expect(errors.filter((e) => /hydrat|#418|#423|#425/i.test(e))).toEqual([])

    // A visitor, and the cached HTML anyone gets without a cookie, carry none of her states.
    const context = await world().browser.newContext({ locale: "pt-BR" })
    const visitor = await context.newPage()
    for (const [character] of expected) {
      const path = `/colecoes/${character.slug}`
      await go(visitor, url, path)
      await visitor.waitForLoadState("networkidle")
      expect(VIEWER_STATES).not.toContain(await cardOf(visitor, character.id).getAttribute("data-state"))
      const shown = await visitor
        .getByTestId("character-card")
        .evaluateAll((cards) => cards.map((c) => `${c.getAttribute("data-state")} ${c.textContent}`))
      for (const text of shown) {
        expect(VIEWER_STATES.some((s) => text.startsWith(`${s} `))).toBe(false)
        for (const label of VIEWER_LABELS) expect(text).not.toContain(label)
      }
      const html = await (await fetch(url + path)).text()
      for (const label of VIEWER_LABELS) expect(html).not.toContain(label)
    }
    await context.close()
  }, 240_000)

  it("pulses a new card for 2 seconds, and not at all for a visitor who asks for less motion", async () => {
    // The day after the reveal: this month's characters are new (the demo catalogue is the template's).
    const store = await startServer({
      NODE_ENV: "test",
      ...storeClockEnv(saoPauloInstant({ year: 2026, month: 10, day: 16 }, 10)),
    })
    try {
      const [first] = await monthCharacters(store.url)
      if (!first) throw new Error("no character of the month")
      const animation = async (reducedMotion: "reduce" | "no-preference") => {
        const context = await world().browser.newContext({ locale: "pt-BR", reducedMotion })
        const page = await context.newPage()
        await go(page, store.url, `/colecoes?fase=atual&colecao=${first.slug}`)
        const card = cardOf(page, first.id)
        const found = {
          state: await card.getAttribute("data-state"),
          label: await card.getByTestId("card-state").innerText(),
          ...(await card.evaluate((el) => {
            const style = getComputedStyle(el)
            return {
              name: style.animationName,
              duration: style.animationDuration,
              count: style.animationIterationCount,
            }
          })),
        }
        await context.close()
        return found
      }
      // Twice one second: 2 seconds in all, then still.
      expect(await animation("no-preference")).toEqual({
        state: "new",
        label: "Novo",
        name: "card-new",
        duration: "1s",
        count: "2",
      })
      expect(await animation("reduce")).toMatchObject({ state: "new", label: "Novo", name: "none" })
    } finally {
      await store.stop()
    }
  }, 120_000)
})
