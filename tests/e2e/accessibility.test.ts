import type { Browser, Page } from "playwright"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { startFakeViaCep } from "../fakes/fakeViaCep"
import { axeFindings } from "../support/axe"
import { launchBrowser } from "../support/browser"
import { fillCart } from "../support/checkout"
import { createVerifiedAccount } from "../support/mailbox"
import { firstCharacterPath, firstCollectionPath, go, seedGuestCart, signIn } from "../support/pages"
import { placeOrder } from "../support/purchase"
import { type RunningServer, startServer } from "../support/server"

let server: RunningServer
let browser: Browser
let viaCep: Awaited<ReturnType<typeof startFakeViaCep>>

beforeAll(async () => {
  viaCep = await startFakeViaCep()
  ;[server, browser] = await Promise.all([
    startServer({ NODE_ENV: "test", VIACEP_URL: viaCep.baseUrl, ADMIN_EMAILS: "chefe@example.com" }),
    launchBrowser(),
  ])
})
afterAll(async () => {
  await browser?.close()
  await server?.stop()
  await viaCep?.close()
})

type Theme = "light" | "dark"
const THEMES = ["light", "dark"] as const

/**
 * What `check` finds in each theme, both themes at once: most of a page's time is waiting (the load, the
 * network falling quiet), which two browser contexts spend side by side instead of one after the other.
 */
async function inEachTheme(check: (theme: Theme) => Promise<string[]>): Promise<string[]> {
  return (await Promise.all(THEMES.map(check))).flat()
}

async function newPage(theme: Theme = "light") {
  const context = await browser.newContext({ locale: "pt-BR" })
  const page = await context.newPage()
  await page.addInitScript((value) => localStorage.setItem("theme", value), theme)
  return { page, close: () => context.close() }
}

type ThemedPages = Record<Theme, Awaited<ReturnType<typeof newPage>>>

/**
 * A page in each theme, opened once (and signed in, with a cart...) for a group of checks of one path each:
 * a sweep of many pages in one test grew past any timeout on a busy machine, and failed without saying where.
 */
function themedPages(prepare: (page: Page, theme: Theme) => Promise<void>) {
  const pages = {} as ThemedPages
  beforeAll(async () => {
    await Promise.all(
      THEMES.map(async (theme) => {
        pages[theme] = await newPage(theme)
        await prepare(pages[theme].page, theme)
      }),
    )
  })
  afterAll(async () => {
    await Promise.all(THEMES.map((theme) => pages[theme]?.close()))
  })
  return pages
}

/** Opens the path in both themes and answers every serious finding, with what `extra` adds on each page. */
function checkPath(
  pages: ThemedPages,
  path: string,
  extra?: (page: Page, theme: Theme) => Promise<string[]>,
) {
  return inEachTheme(async (theme) => {
    const { page } = pages[theme]
    await go(page, server.url, path)
    await page.waitForLoadState("networkidle")
    const found = (await axeFindings(page)).map((finding) => `${theme} ${path}: ${finding}`)
    return [...found, ...((await extra?.(page, theme)) ?? [])]
  })
}

describe("accessibility of the main pages, light and dark", () => {
  let character = ""
  const pages = themedPages(async (page) => {
    character ||= await firstCharacterPath(server.url)
    await seedGuestCart(page, [character.split("/").pop() ?? ""])
  })
  const paths: Record<string, () => Promise<string>> = {
    home: async () => "/",
    collections: async () => "/colecoes",
    "a collection": () => firstCollectionPath(server.url),
    "a character": async () => character,
    cart: async () => "/carrinho",
    "sign-in": async () => "/auth/login",
    registration: async () => "/auth/register",
    tracking: async () => "/rastrear",
    support: async () => "/support",
    // An unknown code: the page with its error (the order page and a found code: tests/e2e/orderPages.test.ts).
    "tracking an unknown code": async () => "/rastrear?codigo=ZZ999999999BR",
  }
  it.each(Object.keys(paths))("finds no serious or critical axe violation on %s", async (name) => {
    expect(await checkPath(pages, await (paths[name] as () => Promise<string>)())).toEqual([])
  })
})

describe("accessibility of the account page's tabs and dialogs, light and dark", () => {
  let account: Promise<void> | undefined
  const pages = themedPages(async (page) => {
    account ??= createVerifiedAccount(server.url, "Dora", "dora@example.com", "Segura123")
    await account
    await signIn(page, server.url, "dora@example.com", "Segura123")
    await page.waitForURL("**/perfil")
  })
  it.each(["orders", "addresses", "profile", "support", "security", "privacy"])(
    "finds no serious or critical axe violation on the tab %s",
    async (tab) => {
      expect(await checkPath(pages, `/perfil?tab=${tab}`)).toEqual([])
    },
  )
  it("finds none on the address dialog with its errors", async () => {
    const findings = await inEachTheme(async (theme) => {
      const { page } = pages[theme]
      await go(page, server.url, "/perfil?tab=addresses")
      await page.getByRole("button", { name: "Adicionar endereço" }).click()
      await page.getByRole("button", { name: "Salvar endereço" }).click()
      await page.getByText("Nome é obrigatório").waitFor()
      return (await axeFindings(page)).map((finding) => `${theme} address dialog: ${finding}`)
    })
    expect(findings).toEqual([])
  })
})

describe("accessibility of the order administration, light and dark (dark at 390 px)", () => {
  let orderId = ""
  let account: Promise<void> | undefined
  const pages = themedPages(async (page, theme) => {
    account ??= createVerifiedAccount(server.url, "Chefe", "chefe@example.com", "Chefe12345")
    await account
    await signIn(page, server.url, "chefe@example.com", "Chefe12345")
    await page.waitForURL((u) => !u.pathname.startsWith("/auth"))
    // Dark runs at a phone's width: nothing may need a sideways scroll there.
    if (theme === "dark") await page.setViewportSize({ width: 390, height: 844 })
  })
  beforeAll(async () => {
    await createVerifiedAccount(server.url, "Cliente Axe", "cliente-axe@example.com", "ClienteAxe123")
    const buyer = await newPage()
    await signIn(buyer.page, server.url, "cliente-axe@example.com", "ClienteAxe123")
    await buyer.page.waitForURL((u) => !u.pathname.startsWith("/auth"))
    const productId = (await firstCharacterPath(server.url)).split("/").pop() ?? ""
    orderId = (await placeOrder(buyer.page, server.url, productId)).id
    await buyer.close()
  })
  const fits = async (page: Page, theme: Theme) => {
    const found: string[] = []
    const path = new URL(page.url()).pathname
    if ((await page.locator("h1").innerText()).startsWith("Acesso negado")) found.push(`${path}: denied`)
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    if (overflow > 0) found.push(`${theme} ${path}: ${overflow}px wider than the screen`)
    return found
  }
  const paths: Record<string, () => string> = {
    "the order list": () => "/admin/orders",
    "an order": () => `/admin/orders/${orderId}`,
    "the bulk actions": () => "/admin/orders/bulk",
  }
  it.each(Object.keys(paths))(
    "finds no serious or critical axe violation on %s, which fits",
    async (name) => {
      expect(await checkPath(pages, (paths[name] as () => string)(), fits)).toEqual([])
    },
  )
  // Each theme only opens the confirmation, never confirms: the two leave the order as it is.
  it("finds none on an action's confirmation dialog", async () => {
    const findings = await inEachTheme(async (theme) => {
      const { page } = pages[theme]
      await go(page, server.url, `/admin/orders/${orderId}`)
      await page.getByRole("button", { name: "Iniciar produção", exact: true }).click()
      await page.locator("dialog[open]").waitFor()
      return (await axeFindings(page)).map((finding) => `${theme} confirmation dialog: ${finding}`)
    })
    expect(findings).toEqual([])
  })
})

describe("accessibility of the cart and checkout", () => {
  it("keeps the cart's messages readable: error and success toasts, shipping options", async () => {
    const { page, close } = await newPage()
    await seedGuestCart(page, [(await firstCharacterPath(server.url)).split("/").pop() ?? ""])
    await go(page, server.url, "/carrinho")
    await page.getByLabel("Calcular frete (CEP)").fill("11111111")
    await page.getByRole("button", { name: "Calcular" }).click()
    await page.locator("[data-sonner-toast][data-type=error]").waitFor()
    expect((await axeFindings(page)).join("\n"), "CEP error").toBe("")
    await page.getByLabel("Calcular frete (CEP)").fill("01310100")
    await page.getByRole("button", { name: "Calcular" }).click()
    await page.locator("[data-sonner-toast][data-type=success]").waitFor()
    await expect.poll(() => page.getByRole("radio").count()).toBeGreaterThan(1)
    expect((await axeFindings(page)).join("\n"), "quote").toBe("")
    await close()
  })

  it("buys the month's character from the keyboard alone: home → cart → CEP → option → checkout", async () => {
    const { page, close } = await newPage()
    await go(page, server.url, "/")
    const focused = () =>
      page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null
        const input = el instanceof HTMLInputElement ? el : null
        return {
          name: el?.getAttribute("aria-label") ?? el?.innerText.trim() ?? "",
          label: input?.labels?.[0]?.innerText.trim() ?? "",
          type: input?.type ?? "",
        }
      })
    const press = async (key: string, until: (f: Awaited<ReturnType<typeof focused>>) => boolean) => {
      for (let i = 0; i < 80; i++) {
        await page.keyboard.press(key)
        if (until(await focused())) return
      }
      throw new Error(`${key} never reached the element (last: ${JSON.stringify(await focused())})`)
    }

    // The home page's first highlight is a character of this month, the one sold singly.
    await press("Tab", (f) => f.name === "Adicionar ao carrinho")
    await page.keyboard.press("Space")
    await expect.poll(() => page.getByTestId("cart-badge").count()).toBe(1)
    // Focus stays on the button, which now says so, instead of falling back to the top of the page.
    await expect.poll(async () => (await focused()).name).toBe("No Carrinho")

    await press("Shift+Tab", (f) => f.name.startsWith("Carrinho:"))
    await page.keyboard.press("Enter")
    await page.waitForURL("**/carrinho")
    await expect.poll(() => page.getByTestId("cart-line").count()).toBe(1)

    await press("Tab", (f) => f.label === "Calcular frete (CEP)")
    await page.keyboard.type("01310100")
    await page.keyboard.press("Enter")
    const radios = page.getByRole("radio")
    await expect.poll(() => radios.count()).toBeGreaterThan(1)
    await press("Tab", (f) => f.type === "radio")
    expect(await radios.nth(0).isChecked()).toBe(true)
    await page.keyboard.press("ArrowDown")
    await expect.poll(() => radios.nth(1).isChecked()).toBe(true)
    const option = (await radios.nth(1).locator("xpath=ancestor::label").innerText()).split("\n")[0]
    await expect.poll(() => page.getByText(/^Prazo:/).innerText()).toContain(`(${option})`)

    await press("Tab", (f) => f.name === "Finalizar Compra (Login Necessário)")
    await page.keyboard.press("Enter")
    await page.waitForURL("**/auth/login?from=carrinho")
    await close()
  })

  it("finds no serious or critical axe violation on each checkout step, light and dark, with errors shown", async () => {
    const productId = (await firstCharacterPath(server.url)).split("/").pop() ?? ""
    const findings = await inEachTheme(async (theme) => {
      const found: string[] = []
      const email = `axe-${theme}@example.com`
      await createVerifiedAccount(server.url, "Axe Checkout", email, "AxeCheck123")
      const { page, close } = await newPage(theme)
      await signIn(page, server.url, email, "AxeCheck123")
      await page.waitForURL((u) => !u.pathname.startsWith("/auth"))
      await fillCart(page, productId)
      const step = async (name: string) => {
        await page.getByRole("heading", { name, level: 2, exact: true }).waitFor()
        await page.waitForLoadState("networkidle")
        for (const finding of await axeFindings(page)) found.push(`${theme} /checkout ${name}: ${finding}`)
      }
      await go(page, server.url, "/checkout")
      await step("Novo endereço de entrega")
      // Submitted empty from the keyboard: every field's error is tied to its field.
      await page.getByLabel("CEP").focus()
      await page.keyboard.press("Enter")
      await expect.poll(() => page.getByRole("alert").count()).toBeGreaterThan(3)
      expect(await page.getByLabel("Rua").getAttribute("aria-describedby")).toMatch(/-error$/)
      await step("Novo endereço de entrega")
      await page.getByLabel("CEP").fill("01310100")
      await expect.poll(() => page.getByLabel("Rua").inputValue()).toBe("Avenida Paulista")
      await page.getByLabel("Nome do destinatário").fill("Axe Checkout")
      await page.getByLabel("Número").fill("10")
      await page.getByLabel("Número").press("Enter")
      await step("Entrega")
      await page.getByRole("button", { name: "Continuar para o pagamento" }).click()
      await step("Pagamento")
      await page.getByRole("button", { name: "Revisar pedido" }).click()
      await expect
        .poll(() => page.getByRole("alert").filter({ hasText: "Erro no pagamento" }).count())
        .toBe(1)
      await step("Pagamento")
      await page.getByLabel("Número do cartão").fill("5031433215406351")
      await page.getByLabel("Nome impresso no cartão").fill("APRO")
      await page.getByLabel("Validade (MM/AA)").fill("1130")
      await page.getByLabel("Código de segurança (CVV)").fill("123")
      await page.getByLabel("CPF do titular").fill("12345678909")
      await page.getByRole("button", { name: "Revisar pedido" }).click()
      await step("Revisão do pedido")
      await close()
      return found
    })
    expect(findings).toEqual([])
  })
})
