import type { Browser } from "playwright"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { DEMO_ACCOUNTS } from "../../server/demoAccounts"
import { launchBrowser } from "../support/browser"
import { latestEmailLinks } from "../support/mailbox"
import { firstCharacterPath, firstCollectionPath, h1, seedGuestCart, signIn } from "../support/pages"
import { type RunningServer, startServer } from "../support/server"

let server: RunningServer
let browser: Browser

beforeAll(async () => {
  ;[server, browser] = await Promise.all([startServer(), launchBrowser()])
})
afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

async function open(path: string, options: { javaScriptEnabled?: boolean } = {}) {
  const context = await browser.newContext({
    javaScriptEnabled: options.javaScriptEnabled ?? true,
    locale: "pt-BR",
  })
  const page = await context.newPage()
  const trpcCalls: string[] = []
  page.on("request", (r) => {
    if (r.url().includes("/api/trpc")) trpcCalls.push(r.url())
  })
  const response = await page.goto(server.url + path)
  if (options.javaScriptEnabled !== false) await page.waitForSelector("html[data-hydrated=true]")
  return { page, response, trpcCalls, close: () => context.close() }
}

describe("catalogue journey", () => {
  it("goes home → collections → collection → character by clicking", async () => {
    const { page, close } = await open("/")
    expect(await page.title()).toBe("Legendarium")
    await page.getByRole("navigation", { name: "Principal" }).getByRole("link", { name: "Coleções" }).click()
    await expect.poll(() => h1(page)).toBe("Coleções")
    expect(await page.title()).toBe("Coleções | Legendarium")
    await expect.poll(() => page.getByTestId("character-card").count()).toBe(12)

    const collectionName = await page.locator("#selected-title").innerText()
    await page.getByRole("link", { name: "Ver detalhes da coleção" }).click()
    await expect.poll(() => h1(page)).toBe(collectionName)
    for (const label of ["Total", "Revelados", "Em Breve"])
      expect(await page.getByText(label, { exact: true }).count()).toBeGreaterThan(0)
    expect(await page.getByRole("navigation", { name: "Você está em" }).innerText()).toContain(collectionName)

    const firstCharacter = page.getByTestId("character-card").first().locator("h3 a")
    const name = await firstCharacter.innerText()
    await firstCharacter.click()
    await expect.poll(() => h1(page)).toBe(name)
    await page.getByRole("tab", { name: "Comunidade" }).click()
    await expect.poll(() => page.getByText("Colecionadores que têm", { exact: true }).count()).toBe(1)
    await close()
  })

  it("answers unknown ids with the spec's texts and HTTP 404", async () => {
    const cases = [
      ["/colecoes/nao-existe", "Coleção não encontrada"],
      ["/colecoes/00000000-0000-4000-8000-000000000000/personagens", "Coleção não encontrada"],
      ["/character/00000000-0000-4000-8000-000000000000", "Personagem não encontrado"],
      ["/uma/pagina/qualquer", "Ops! Página não encontrada"],
      ["/does-not-exist", "Ops! Página não encontrada"],
    ] as const
    for (const [path, text] of cases) {
      const { page, response, close } = await open(path)
      expect(response?.status(), path).toBe(404)
      expect(await h1(page)).toBe(text)
      // The tab names the missing page, and no crumb is made up from the address ("Does not exist").
      expect(await page.title(), path).toBe(`${text} | Legendarium`)
      expect(await page.getByRole("navigation", { name: "Você está em" }).count(), path).toBe(0)
      const html = await (await fetch(server.url + path)).text()
      expect(/<title>([^<]*)<\/title>/.exec(html)?.[1], path).toBe(`${text} | Legendarium`)
      await close()
    }
  })

  it("serves complete HTML with the data and head tags, without JavaScript", async () => {
    const { page, close } = await open("/colecoes", { javaScriptEnabled: false })
    expect(await page.getByTestId("character-card").count()).toBe(12)
    expect(await page.locator('meta[name="description"]').getAttribute("content")).toMatch(/coleções/i)
    expect(await page.locator('meta[property="og:image"]').getAttribute("content")).toMatch(/^http/)
    expect(await page.locator('link[rel="canonical"]').getAttribute("href")).toMatch(/\/colecoes$/)
    const headers = (await fetch(`${server.url}/colecoes`)).headers
    // An anonymous catalogue page may come from the page cache: its inline scripts are then allowed by hash.
    expect(headers.get("content-security-policy")).toMatch(
      /script-src 'self'( 'nonce-[^']+'| 'sha256-[^']+')+; .*frame-ancestors 'none'/,
    )
    await close()
    const html = await (await fetch(`${server.url}/planos?colecao=anime`)).text()
    expect(html).toContain("Trimestral")
    expect(html).toContain("/checkout?collection=")
  })

  it("shows every price by card in instalments and by PIX, and the product's schema.org Offer", async () => {
    const priceLines =
      /^R\$\s([\d.]+),(\d{2})\n+em até \d+x de R\$\s[\d.]+,\d{2} sem juros\n+R\$\s[\d.]+,\d{2} no PIX/
    const { page, close } = await open("/colecoes", { javaScriptEnabled: false })
    expect(await page.getByTestId("character-card").first().getByTestId("price-lines").innerText()).toMatch(
      priceLines,
    )
    await close()
    const product = await open(await firstCharacterPath(server.url))
    const shown = await product.page.getByTestId("price-lines").first().innerText()
    const [, whole, cents] = priceLines.exec(shown) ?? []
    expect(shown).toMatch(/no PIX \(5% de desconto\)/)
    const json = await product.page.locator('script[type="application/ld+json"]').first().textContent()
    const data = JSON.parse(json ?? "{}")
    expect(data).toMatchObject({ "@type": "Product", offers: { "@type": "Offer", priceCurrency: "BRL" } })
    expect(data.offers.price).toBe(`${whole?.replace(/\./g, "")}.${cents}`)
    expect(data.offers.availability).toMatch(/^https:\/\/schema\.org\/(InStock|PreOrder|SoldOut)$/)
    await product.close()
  })

  it("says a numbered edition's per-collector limit under the buy button, in the server's HTML", async () => {
    // This month's characters are the demo's numbered editions (the test template raises their limit to 10).
    const current = await (await fetch(`${server.url}/colecoes?fase=atual`)).text()
    const path = /href="(\/character\/[0-9a-f-]+)"/.exec(current)?.[1]
    expect(path).toBeDefined()
    const { page, close } = await open(path ?? "/", { javaScriptEnabled: false })
    await expect
      .poll(() => page.getByText("Edição numerada: até 10 unidades por colecionador.").count())
      .toBe(1)
    await close()
  })

  it("hydrates every page without a console error (no hydration mismatch) and keeps its styles", async () => {
    const character = /href="(\/character\/[0-9a-f-]+)"/.exec(
      await (await fetch(`${server.url}/colecoes`)).text(),
    )?.[1]
    for (const path of [
      "/",
      "/colecoes",
      "/colecoes?vista=lista",
      "/planos?colecao=anime",
      "/faq",
      "/como-funciona",
      "/privacy",
      "/terms",
      character ?? "/",
    ]) {
      const context = await browser.newContext()
      const page = await context.newPage()
      const errors: string[] = []
      page.on("console", (m) => m.type() === "error" && errors.push(m.text()))
      page.on("pageerror", (e) => errors.push(String(e)))
      await page.goto(server.url + path)
      await page.waitForSelector("html[data-hydrated=true]")
      await page.waitForTimeout(200)
      expect(errors, path).toEqual([])
      expect(
        await page.evaluate(() => document.getElementById("app-css")?.textContent?.length ?? 0),
        path,
      ).toBeGreaterThan(1000)
      await context.close()
    }
  })

  it("hydrates without a mismatch for a visitor with a stored cart and a customer with a cart", async () => {
    const character = await firstCharacterPath(server.url)
    const paths = ["/", "/colecoes", "/colecoes?fase=atual", await firstCollectionPath(server.url), character]
    const context = await browser.newContext({ locale: "pt-BR" })
    const page = await context.newPage()
    await seedGuestCart(page, [character.split("/").pop() ?? ""])
    const errors: string[] = []
    page.on("console", (m) => m.type() === "error" && errors.push(`${page.url()}: ${m.text()}`))
    page.on("pageerror", (e) => errors.push(`${page.url()}: ${e}`))
    // Late data (a cart query answering while part of the page still hydrates) is what used to mismatch.
    const visit = async (path: string) => {
      await page.goto(server.url + path)
      await page.waitForSelector("html[data-hydrated=true]")
      await page.waitForLoadState("networkidle")
      await page.waitForTimeout(200)
    }

    for (const path of [...paths, "/carrinho"]) await visit(path)
    expect(errors, "visitor with a stored cart").toEqual([])
    await expect.poll(() => page.getByTestId("cart-line").count()).toBe(1)

    const customer = DEMO_ACCOUNTS.find((a) => a.role === "user")
    if (!customer) throw new Error("no demo customer")
    await signIn(page, server.url, customer.email, customer.password)
    await page.waitForURL("**/perfil")
    // The stored cart moved into the account: from now on the server knows what it holds.
    await expect.poll(() => page.evaluate(() => localStorage.getItem("cartItems"))).toBe("[]")
    errors.length = 0
    for (const path of [...paths, "/carrinho"]) await visit(path)
    expect(errors, "customer with a cart").toEqual([])

    // The server's HTML already shows the customer's cart: count in the header, the line, "No Carrinho".
    const cookie = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join("; ")
    const html = (path: string) => fetch(server.url + path, { headers: { cookie } }).then((r) => r.text())
    expect(await html("/carrinho")).toContain('data-testid="cart-line"')
    const characterHtml = await html(character)
    expect(characterHtml).toContain('aria-label="Carrinho: 1 item"')
    expect(characterHtml).toContain("No Carrinho")
    await context.close()
  })

  it("makes no tRPC request after hydration", async () => {
    for (const path of ["/", "/colecoes", "/planos"]) {
      const { trpcCalls, page, close } = await open(path)
      await page.waitForTimeout(300)
      expect(trpcCalls, path).toEqual([])
      await close()
    }
  })

  it("keeps the chosen theme across reloads without a flash", async () => {
    const { page, close } = await open("/")
    const switcher = page.getByTestId("theme-switcher")
    while ((await switcher.getAttribute("data-theme-preference")) !== "dark") await switcher.click()
    expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(true)
    // Check the class before any bundle runs: the inline head script must have applied it.
    await page.route("**/assets/**", (route) => route.abort())
    await page.reload()
    expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(true)
    await close()
  })

  it("works from the keyboard: skip link, navigation, focus on the main content", async () => {
    const { page, close } = await open("/")
    await page.keyboard.press("Tab")
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Pular para o conteúdo")
    await page.keyboard.press("Tab")
    await page.keyboard.press("Tab")
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Coleções")
    await page.keyboard.press("Enter")
    await page.waitForURL("**/colecoes")
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("main-content")
    await close()
  })

  it("subscribes to the newsletter from the footer, confirmed by e-mail", async () => {
    const { page, close } = await open("/faq")
    await page.waitForSelector("form[data-ready]")
    await page.getByLabel("Seu e-mail").fill("invalido")
    await page.getByRole("button", { name: "Assinar" }).click()
    await expect.poll(() => page.getByRole("alert").filter({ hasText: "E-mail inválido" }).count()).toBe(1)
    await page.getByLabel("Seu e-mail").fill("colecionador@example.com")
    await page.getByRole("button", { name: "Assinar" }).click()
    await expect.poll(() => page.getByText("Confira seu e-mail").count()).toBe(1)

    // Double opt-in: the address counts only once its owner confirms from the e-mail.
    const [link] = await latestEmailLinks(server.url, "colecionador@example.com", "Confirme sua inscrição")
    await page.goto(link!)
    await page.waitForSelector("html[data-hydrated=true]")
    await page.getByRole("button", { name: "Confirmar inscrição" }).click()
    await expect.poll(() => page.getByRole("heading", { name: "Inscrição confirmada!" }).count()).toBe(1)
    await close()
  })
})
