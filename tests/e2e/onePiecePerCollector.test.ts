import type { Browser, Page } from "playwright"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { saoPauloInstant } from "../../domain/calendar"
import { TRADE_MESSAGES } from "../../domain/community/trades"
import { type FakeViaCep, startFakeViaCep } from "../fakes/fakeViaCep"
import { launchBrowser } from "../support/browser"
import { createVerifiedAccount } from "../support/mailbox"
import { currentCharacterPaths, go, signIn } from "../support/pages"
import { placeOrder } from "../support/purchase"
import { type RunningServer, spawnServer } from "../support/server"

/**
 * One numbered piece per collector, as a collector meets it in Chromium on a fresh demo store (one unit per
 * collector, the demo's default) on 7 October, before the month's reveal: after buying the month's character,
 * its page says she has it (in the server's HTML, with no hydration error), the subscription dialog says the
 * plan starts with November's character before the card, so does the prepaid plan's checkout, and a trade that
 * would bring her a second unit is refused with the reason, and once the edition sells out its waitlist box
 * tells her why the line is not for her. (An offer passing over a collector who reached her limit while in
 * line: tests/integration/onePiecePerCollector.test.ts.)
 */
const OCTOBER_7 = saoPauloInstant({ year: 2026, month: 10, day: 7 }, 10)
const SKIPPED = "Você já tem o personagem de outubro/2026: sua assinatura começa com o de novembro/2026."

let server: RunningServer
let browser: Browser
let viaCep: FakeViaCep
let page: Page
const errors: string[] = []

beforeAll(async () => {
  viaCep = await startFakeViaCep()
  ;[server, browser] = await Promise.all([
    spawnServer({
      NODE_ENV: "test",
      VIACEP_URL: viaCep.baseUrl,
      STORE_CLOCK_START: new Date(OCTOBER_7).toISOString(),
      ADMIN_EMAILS: "chefe@example.com",
    }),
    launchBrowser(),
  ])
  await createVerifiedAccount(server.url, "Rita Alves", "rita@example.com", "Segura123")
  const context = await browser.newContext({ locale: "pt-BR", viewport: { width: 390, height: 844 } })
  page = await context.newPage()
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text())
  })
  await signIn(page, server.url, "rita@example.com", "Segura123")
  await page.waitForURL("**/perfil")
}, 180_000)
afterAll(async () => {
  await browser?.close()
  await server?.stop()
  await viaCep?.close()
})

async function signedInPage(name: string, email: string) {
  await createVerifiedAccount(server.url, name, email, "Segura123")
  const context = await browser.newContext({ locale: "pt-BR", viewport: { width: 390, height: 844 } })
  const other = await context.newPage()
  await signIn(other, server.url, email, "Segura123")
  await other.waitForURL("**/perfil")
  return other
}

/** Her pieces on /trocas → 'Minhas peças', once the payments' events have given her `count` of them. */
async function pieceIds(on: Page, count: number) {
  for (let i = 0; i < 60; i++) {
    await go(on, server.url, "/trocas")
    await on.getByRole("tab", { name: "Minhas peças" }).click()
    const ids = await on
      .locator("li[data-piece]")
      .evaluateAll((els) => els.map((e) => e.getAttribute("data-piece")))
    if (ids.length >= count) return ids as string[]
    await on.waitForTimeout(500)
  }
  throw new Error(`fewer than ${count} pieces reached the collector`)
}

describe("one numbered piece per collector", () => {
  it("buys the month's character, then every way to another unit says she has it", async () => {
    const [path = ""] = await currentCharacterPaths(server.url)
    const productId = path.split("/").pop() ?? ""
    await placeOrder(page, server.url, productId)

    // Her orders at 390 px: the line 'Personagem misterioso de outubro/2026, Coleção …, nº 1/…' wraps in its card.
    await go(page, server.url, "/perfil")
    await page.getByTestId("order-row").first().waitFor()
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0)

    // The character page, rendered for her on the server, says she has it where the buy button was.
    const html = await page.evaluate(async (p) => (await fetch(p)).text(), path)
    expect(html).toContain("Você já tem esta peça")
    errors.length = 0
    await go(page, server.url, path)
    expect(await page.getByRole("status").filter({ hasText: "Você já tem esta peça" }).count()).toBe(1)
    expect(await page.getByRole("button", { name: /^Comprar por/ }).count()).toBe(0)
    expect(errors.filter((e) => /hydrat|#418|#423/i.test(e))).toEqual([])

    // The subscription dialog says, before the card, that the plan starts with the next month.
    const collection = await page.evaluate(async (id) => {
      const input = encodeURIComponent(JSON.stringify({ json: { id } }))
      const answer = await (await fetch(`/api/trpc/catalog.character?input=${input}`)).json()
      return answer.result.data.json.character.collection.slug as string
    }, productId)
    await go(page, server.url, `/colecoes/${collection}`)
    await page.getByRole("button", { name: "Assinar Coleção Completa" }).click()
    const dialog = page.locator("dialog[open]")
    await dialog.getByRole("button", { name: "Escolher Plano Mensal" }).click()
    const outcome = dialog.getByTestId("subscribe-outcome")
    await expect.poll(() => outcome.innerText().catch(() => "")).toContain(SKIPPED)
    expect(await outcome.innerText()).toContain("Entrega em: Cliente Teste, Avenida Paulista, 1578")
    await page.keyboard.press("Escape")

    // So does a prepaid plan's checkout, before the payment step.
    const collectionId = await page.evaluate(async (id) => {
      const input = encodeURIComponent(JSON.stringify({ json: { id } }))
      const answer = await (await fetch(`/api/trpc/catalog.character?input=${input}`)).json()
      return answer.result.data.json.character.collection.id as string
    }, productId)
    await go(page, server.url, `/checkout?collection=${collectionId}&period=quarterly`)
    await page.getByRole("button", { name: "Continuar para a entrega" }).click()
    await expect
      .poll(() =>
        page
          .getByTestId("summary-plan-start")
          .innerText()
          .catch(() => ""),
      )
      .toBe(SKIPPED)

    // A trade that would give her a second unit is refused with the reason, before it reaches the other side.
    const [, otherPath = ""] = await currentCharacterPaths(server.url)
    await placeOrder(page, server.url, otherPath.split("/").pop() ?? "")
    await pieceIds(page, 2)
    const bia = await signedInPage("Bia Lima", "bia@example.com")
    await placeOrder(bia, server.url, productId)
    const [biaPiece = ""] = await pieceIds(bia, 1)
    // Bia offers hers for trade (the toggle itself: tests/e2e/community/trades.ts) and shares its link.
    await bia.evaluate(async (pieceId) => {
      const res = await fetch("/api/trpc/trades.markForTrade", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ json: { pieceId, forTrade: true } }),
      })
      if (!res.ok) throw new Error(`markForTrade: ${res.status}`)
    }, biaPiece)
    await go(page, server.url, `/trocas/nova?peca=${biaPiece}`)
    await page.getByRole("button", { name: "Propor troca" }).click()
    const offer = page.locator("dialog[open]")
    // Her other piece, of another collection: offering the same character is refused for its own reason.
    const targetCollection = (await page.locator("main").innerText()).match(/\n(.+) · de Bia/)?.[1] ?? "?"
    const choices = await offer.getByRole("radio").evaluateAll((els) =>
      els.map((e) => ({
        value: (e as HTMLInputElement).value,
        label: (e as HTMLInputElement).labels?.[0]?.innerText,
      })),
    )
    const other = choices.find((c) => !c.label?.includes(targetCollection))?.value ?? ""
    await offer.locator(`input[value="${other}"]`).check()
    await offer.getByRole("button", { name: "Enviar proposta" }).click()
    await expect
      .poll(() => page.getByText(TRADE_MESSAGES.beyondMyShare).count(), { timeout: 15_000 })
      .toBeGreaterThan(0)

    // Her edition sells out (the administrator sets its size to the two units sold): its page offers her no
    // place in the waitlist and says why, while a collector without the piece may join the line.
    const admin = await signedInPage("Chefe", "chefe@example.com")
    await admin.evaluate(
      async ({ productId, collectionId }) => {
        const input = encodeURIComponent(JSON.stringify({ json: { collectionId } }))
        const listed = await (await fetch(`/api/trpc/admin.collections.products?input=${input}`)).json()
        const product = listed.result.data.json.find((p: { id: string }) => p.id === productId)
        const draft = Object.fromEntries(
          Object.entries({ ...product, editionSize: 2 }).filter(([key]) =>
            [
              "collectionId",
              "name",
              "description",
              "imageUrl",
              "displayMonth",
              "editionYear",
              "rarity",
              "universe",
              "hints",
              "stats",
              "weightGrams",
              "dimensions",
              "editionSize",
              "collectorLimit",
              "teaserAt",
              "previewAt",
              "revealAt",
              "scale",
              "details",
              "isActive",
            ].includes(key),
          ),
        )
        const res = await fetch("/api/trpc/admin.collections.updateProduct", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ json: { id: productId, draft } }),
        })
        if (!res.ok) throw new Error(`updateProduct: ${res.status} ${await res.text()}`)
      },
      { productId, collectionId },
    )
    await go(page, server.url, path)
    const box = page.locator("section", { hasText: "Edição esgotada." })
    await box.waitFor()
    expect(await box.innerText()).toMatch(/limite|já tem/i)
    expect(await page.getByRole("button", { name: "Entrar na lista de espera" }).count()).toBe(0)
    const caio = await signedInPage("Caio Reis", "caio@example.com")
    await go(caio, server.url, path)
    await caio.getByRole("button", { name: "Entrar na lista de espera" }).waitFor()
  }, 300_000)
})
