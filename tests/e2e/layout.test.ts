import type { Browser, Page } from "playwright"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { DEMO_ACCOUNTS } from "../../server/demoAccounts"
import { launchBrowser } from "../support/browser"
import { fillCart } from "../support/checkout"
import {
  currentCharacterPaths,
  firstCharacterPath,
  firstCollectionPath,
  go,
  h1,
  seedGuestCart,
  signIn,
} from "../support/pages"
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

/** The phones most shoppers hold: small Android, iPhone 12–15, large iPhone. */
const PHONE_WIDTHS = [360, 390, 414] as const

/** What a page fills in after hydration, awaited before measuring (the checkout's summary of the cart). */
const READY: Readonly<Record<string, string>> = { "/checkout": "[data-testid=summary-lines] li" }

/** How far the selected tab's middle is from its strip's, once hydrated (0: centred). */
const selectedTabOffCentre = (page: Page) =>
  page.evaluate(() => {
    const strip = document.querySelector("[role=tablist]")?.getBoundingClientRect()
    const tab = document.querySelector("[role=tablist] [aria-selected=true]")?.getBoundingClientRect()
    return strip && tab ? Math.round(Math.abs(tab.left + tab.width / 2 - (strip.left + strip.width / 2))) : -1
  })

/** Each page's own width and the body's, once hydrated: anything wider than the screen scrolls sideways. */
async function overflowing(
  width: number,
  paths: readonly string[],
  prepare: (page: Page) => Promise<void>,
  visit?: (page: Page, path: string) => Promise<void>,
) {
  const context = await browser.newContext({ viewport: { width, height: 800 }, locale: "pt-BR" })
  const page = await context.newPage()
  await prepare(page)
  const wide: string[] = []
  for (const path of paths) {
    await go(page, server.url, path)
    const ready = READY[path]
    if (ready) await page.locator(ready).first().waitFor()
    const { html, body } = await page.evaluate(() => ({
      html: document.documentElement.scrollWidth,
      body: document.body.scrollWidth,
    }))
    if (html > width || body > width) wide.push(`${width} px ${path}: html ${html}, body ${body}`)
    await visit?.(page, path)
  }
  await context.close()
  return wide
}

describe("phone layout", () => {
  // 13 pages at three widths: on a loaded machine the loads alone take more than the default minute.
  it("scrolls no main page sideways at 360, 390 and 414 px (visitor with a cart)", {
    timeout: 150_000,
  }, async () => {
    const character = await firstCharacterPath(server.url)
    const paths = [
      "/",
      "/colecoes",
      await firstCollectionPath(server.url),
      character,
      "/carrinho",
      "/planos",
      "/auth/login",
      "/auth/register",
      "/faq",
      "/como-funciona",
      "/rastrear",
      "/rastrear?codigo=ZZ999999999BR",
      "/support",
    ]
    const productId = character.split("/").pop() ?? ""
    // The widths side by side, each in its own context: most of a page's time is waiting for its load.
    const wide = await Promise.all(
      PHONE_WIDTHS.map((width) => overflowing(width, paths, (page) => seedGuestCart(page, [productId]))),
    )
    expect(wide.flat()).toEqual([])
  })

  it("scrolls no page sideways for a signed-in customer with a cart at 360 px; the tab strip follows its tab", async () => {
    const customer = DEMO_ACCOUNTS.find((a) => a.role === "user")
    if (!customer) throw new Error("no demo customer")
    const productId = (await firstCharacterPath(server.url)).split("/").pop() ?? ""
    const paths = ["/", "/carrinho", "/perfil?tab=waitlists", "/checkout"]
    const prepare = async (page: Page) => {
      await signIn(page, server.url, customer.email, customer.password)
      await page.waitForURL("**/perfil")
      // The checkout's summary lists the line (its name and collection truncated, not widening the page).
      await fillCart(page, productId)
    }
    // The account page opened on a tab far to the right: its strip brings it to the middle, and so it does
    // for a tab chosen half hidden at the strip's edge (clicked where it is, not scrolled to first); the page
    // itself does not move.
    const tabs = async (page: Page, path: string) => {
      if (!path.startsWith("/perfil")) return
      await expect.poll(() => selectedTabOffCentre(page)).toBeLessThan(2)
      await page.getByRole("tab", { name: "Suporte" }).evaluate((tab: HTMLElement) => tab.click())
      await expect.poll(() => selectedTabOffCentre(page)).toBeLessThan(2)
      expect(await page.evaluate(() => window.scrollY)).toBe(0)
    }
    expect(await overflowing(360, paths, prepare, tabs)).toEqual([])
  })
})

/** The community's pages and their headings, as the header's 'Comunidade' menu lists them. */
const COMMUNITY = [
  ["/ranking", "Ranking de Colecionadores"],
  ["/missions", "Missões"],
  ["/achievements", "Conquistas"],
  ["/trocas", "Trocas"],
] as const

describe("community in the navigation", () => {
  it("is reached from every main page at 1280 px (Comunidade menu) and 390 px (mobile menu), and from the footer", async () => {
    const customer = DEMO_ACCOUNTS.find((a) => a.role === "user")
    if (!customer) throw new Error("no demo customer")
    const character = await firstCharacterPath(server.url)
    const paths = [
      "/",
      "/colecoes",
      await firstCollectionPath(server.url),
      character,
      "/planos",
      "/carrinho",
      "/perfil",
      "/faq",
      "/support",
      "/como-funciona",
      "/rastrear",
      "/ranking",
    ]
    const problems: string[] = []
    // A visitor's bar keeps the menu in view too, where the room is tightest.
    for (const width of [1024, 1280]) {
      const context = await browser.newContext({ viewport: { width, height: 800 }, locale: "pt-BR" })
      const page = await context.newPage()
      await go(page, server.url, "/")
      const button = page
        .getByRole("navigation", { name: "Principal" })
        .getByRole("button", { name: "Comunidade" })
      const box = await button.boundingBox()
      const scroll = await page.evaluate(() => document.documentElement.scrollWidth)
      if (!box || box.x + box.width > width || scroll > width) problems.push(`visitor ${width} px: ${scroll}`)
      await context.close()
    }
    for (const width of [1280, 390]) {
      const context = await browser.newContext({ viewport: { width, height: 800 }, locale: "pt-BR" })
      const page = await context.newPage()
      await signIn(page, server.url, customer.email, customer.password)
      await page.waitForURL("**/perfil")
      for (const [index, path] of paths.entries()) {
        await go(page, server.url, path)
        const menu =
          width === 1280
            ? page.getByRole("navigation", { name: "Principal" })
            : page.getByRole("navigation", { name: "Menu móvel" })
        if (width === 1280) await menu.getByRole("button", { name: "Comunidade" }).click()
        else await page.getByRole("button", { name: "Abrir menu" }).click()
        // The mobile menu's code loads on the first tap.
        await menu.locator(`a[href="${COMMUNITY[0][0]}"]`).waitFor()
        for (const [href] of COMMUNITY)
          if (!(await menu.locator(`a[href="${href}"]`).isVisible()))
            problems.push(`${width} px ${path}: no ${href}`)
        // The footer lists them too, each a link of its own.
        const footer = page.locator("footer").getByRole("navigation", { name: "Comunidade" })
        for (const [href] of COMMUNITY)
          if ((await footer.locator(`a[href="${href}"]`).count()) !== 1)
            problems.push(`${width} px ${path}: footer without ${href}`)
        if (width === 390) {
          // The open menu and the bar above it stay within the phone's width.
          const wide = await page.evaluate(() =>
            [...document.querySelectorAll("header a, header button")]
              .filter((el) => el.getBoundingClientRect().width > 0)
              .filter((el) => el.getBoundingClientRect().right > window.innerWidth)
              .map((el) => el.getAttribute("aria-label") ?? el.textContent?.trim() ?? ""),
          )
          const scroll = await page.evaluate(() => document.documentElement.scrollWidth)
          if (wide.length > 0 || scroll > width)
            problems.push(`${width} px ${path}: overflows (${wide.join(", ")})`)
        }
        // Each page follows a different one of the links, so every link is followed from several pages.
        const [href, heading] = COMMUNITY[index % COMMUNITY.length]!
        await menu.locator(`a[href="${href}"]`).click()
        await page.waitForURL(`**${href}`)
        await expect.poll(() => h1(page), { message: `${width} px ${path} → ${href}` }).toContain(heading)
      }
      await context.close()
    }
    expect(problems).toEqual([])
  }, 300_000)
})

describe("toasts", () => {
  it("show one at a time, below the header, never over its open menu (390 px)", async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 800 }, locale: "pt-BR" })
    const page = await context.newPage()
    const characters = (await currentCharacterPaths(server.url)).slice(0, 3)
    expect(characters).toHaveLength(3)
    await seedGuestCart(
      page,
      characters.map((path) => path.split("/").pop() ?? ""),
    )
    await go(page, server.url, "/carrinho")
    await page
      .getByRole("button", { name: /^Remover / })
      .first()
      .click()
    await expect.poll(() => page.getByText("Item removido").count()).toBe(1)
    await page.getByRole("button", { name: "Limpar Carrinho" }).click()
    const toasts = page.locator("[data-sonner-toast]")
    await expect.poll(() => page.getByText("Carrinho limpo").count()).toBe(1)
    await expect.poll(() => toasts.count()).toBe(1)

    const header = await page.locator("header").boundingBox()
    const toast = await toasts.boundingBox()
    expect(toast!.y).toBeGreaterThanOrEqual(header!.y + header!.height)
    await page.getByRole("button", { name: "Abrir menu" }).click()
    // Every link of the open menu is what a tap at its middle reaches.
    const covered = await page.evaluate(() =>
      [...document.querySelectorAll("#mobile-menu a, #mobile-menu button")]
        .filter((el) => {
          const box = el.getBoundingClientRect()
          const top = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2)
          return box.bottom <= window.innerHeight && !el.contains(top)
        })
        .map((el) => el.textContent?.trim() ?? ""),
    )
    expect(covered).toEqual([])
    await context.close()
  })
})

describe("administrator's header", () => {
  it("fits on one line at 1024, 1280 and 1440 px: no sideways scroll, no link on two lines, 'Sair' in view", async () => {
    const problems: string[] = []
    const visits = [
      { role: "admin", paths: ["/", "/admin", "/admin/plans", "/admin/orders"] },
      { role: "user", paths: ["/", "/perfil"] },
    ] as const
    for (const { role, paths } of visits) {
      const who = DEMO_ACCOUNTS.find((a) => a.role === role)
      if (!who) throw new Error(`no demo ${role}`)
      // Signed in once per role; each page is then loaded afresh at each width.
      const context = await browser.newContext({ locale: "pt-BR" })
      const page = await context.newPage()
      await signIn(page, server.url, who.email, who.password)
      await page.waitForURL("**/perfil")
      for (const [width, path] of [1024, 1280, 1440].flatMap((w) => paths.map((p) => [w, p] as const))) {
        await page.setViewportSize({ width, height: 800 })
        await go(page, server.url, path)
        // The account links and the notifications bell load after hydration; measure once they are in.
        await page.getByRole("button", { name: "Sair" }).first().waitFor()
        await page
          .getByRole("button", { name: /^Notificações/ })
          .first()
          .waitFor()
        const found = await page.evaluate(() => {
          const header = document.querySelector("header")
          const items = [...(header?.querySelectorAll("a, button") ?? [])].filter(
            (el) => el.getBoundingClientRect().width > 0,
          )
          return {
            html: document.documentElement.scrollWidth,
            body: document.body.scrollWidth,
            // A one-line link or button is no taller than the 44 px touch target.
            tall: items
              .filter((el) => el.getBoundingClientRect().height > 48)
              .map((el) => el.textContent?.trim() ?? ""),
            outside: items
              .filter((el) => el.getBoundingClientRect().right > window.innerWidth)
              .map((el) => el.getAttribute("aria-label") ?? el.textContent?.trim() ?? ""),
          }
        })
        if (found.html > width || found.body > width)
          problems.push(`${role} ${width} px ${path}: html ${found.html}, body ${found.body}`)
        if (found.tall.length > 0)
          problems.push(`${role} ${width} px ${path}: two lines: ${found.tall.join(", ")}`)
        if (found.outside.length > 0)
          problems.push(`${role} ${width} px ${path}: cut off: ${found.outside.join(", ")}`)
      }
      await context.close()
    }
    expect(problems).toEqual([])
  })
})

/** Every href="/..." in a page's server-rendered HTML, without its hash. */
async function internalPaths(url: string): Promise<string[]> {
  const html = await (await fetch(url)).text()
  return [...html.matchAll(/href="(\/[^"/][^"]*|\/)"/g)].map((m) => (m[1] ?? "").split("#")[0] ?? "")
}

describe("internal links", () => {
  it("lead only to pages that exist (header, footer and the main pages)", async () => {
    const pages = ["/", "/colecoes", "/faq", "/rastrear", "/carrinho", "/terms", "/privacy"]
    const found = await Promise.all(pages.map((path) => internalPaths(`${server.url}${path}`)))
    const unique = [...new Set(found.flat())].filter((path) => !path.startsWith("/assets/"))
    const dead: string[] = []
    for (const path of unique) {
      const response = await fetch(`${server.url}${path}`, { redirect: "manual" })
      if (response.status === 404) dead.push(path)
    }
    expect(unique.length).toBeGreaterThan(10)
    expect(dead).toEqual([])
  })
})

describe("support channels", () => {
  it("promise no chat on the FAQ, terms and privacy pages: WhatsApp, e-mail and tickets", async () => {
    for (const path of ["/faq", "/terms", "/privacy"]) {
      const text = (await (await fetch(`${server.url}${path}`)).text()).replace(/<[^>]+>/g, " ")
      expect(text, path).not.toMatch(/\bchat\b/i)
      expect(text, path).toContain("WhatsApp")
      expect(text, path).toMatch(/chamado/)
    }
  })
})

/** A page's footer once its lazy content is in (it loads after the page). */
async function footerOf(width: number) {
  const context = await browser.newContext({ viewport: { width, height: 800 }, locale: "pt-BR" })
  const page = await context.newPage()
  await go(page, server.url, "/")
  const footer = page.locator("footer")
  await footer.getByRole("navigation", { name: "Loja" }).waitFor()
  return { context, page, footer }
}

describe("footer", () => {
  it("leads 'Central de ajuda' to the page of that name and 'Perguntas frequentes' to the FAQ", async () => {
    const { context, footer } = await footerOf(1280)
    expect(await footer.getByRole("link", { name: "Central de ajuda" }).getAttribute("href")).toBe("/support")
    expect(await footer.getByRole("link", { name: "Perguntas frequentes" }).getAttribute("href")).toBe("/faq")
    await context.close()
  })

  it("gives the newsletter's e-mail field room for an address at 1280 and 390 px", async () => {
    const narrow: string[] = []
    for (const width of [1280, 390]) {
      const { context, page } = await footerOf(width)
      const field = page.locator("footer").getByRole("textbox", { name: "Seu e-mail" })
      const box = await field.boundingBox()
      // An everyday address (nome.sobrenome@gmail.com) in the field's 14 px text.
      if (!box || box.width < 240) narrow.push(`${width} px: ${box?.width ?? "no field"}`)
      await context.close()
    }
    expect(narrow).toEqual([])
  })
})

describe("character cards at 390 px", () => {
  it("fit their words: 'Apenas para Assinantes' on two lines at most, 'Finalizada' said once, nothing past the edge", async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 800 }, locale: "pt-BR" })
    const page = await context.newPage()
    await go(page, server.url, "/colecoes?fase=lancados")
    const cards = page.getByTestId("character-card")
    await cards.first().waitFor()
    const found = await cards.evaluateAll((all) =>
      all.map((card) => {
        const edge = card.getBoundingClientRect().right
        const link = [...card.querySelectorAll("a")].find(
          (a) => a.textContent?.trim() === "Apenas para Assinantes",
        )
        // One client rect per line the link's words take (their text, not the icon beside them).
        const words = link
          ? document
              .createTreeWalker(link, NodeFilter.SHOW_TEXT, (n) =>
                n.textContent?.trim() ? NodeFilter.FILTER_ACCEPT : NodeFilter.FILTER_SKIP,
              )
              .nextNode()
          : null
        const range = document.createRange()
        if (words) range.selectNodeContents(words)
        const tops = new Set(
          [...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)),
        )
        return {
          lines: link ? tops.size : 0,
          finalizada: (card.textContent?.match(/Finalizada/g) ?? []).length,
          past: [...card.querySelectorAll("*")].filter((el) => el.getBoundingClientRect().right > edge + 0.5)
            .length,
        }
      }),
    )
    await context.close()
    expect(found.filter((c) => c.lines > 0).length).toBeGreaterThan(0)
    expect(found.filter((c) => c.lines > 2 || c.finalizada > 1 || c.past > 0)).toEqual([])
  })
})

/** Tabs out of their strip's view with no fading edge on that side to say more are there. */
const unhintedTabs = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll("[role=tablist]")].flatMap((strip) => {
      const s = strip.getBoundingClientRect()
      const hint = (side: string) => strip.parentElement?.querySelector(`[data-tabs-more=${side}]`)
      return [...strip.querySelectorAll("[role=tab]")]
        .filter((tab) => {
          const t = tab.getBoundingClientRect()
          return (t.right > s.right + 1 && !hint("after")) || (t.left < s.left - 1 && !hint("before"))
        })
        .map((tab) => tab.textContent?.trim() ?? "")
    }),
  )

describe("tab strips", () => {
  it("show every tab, or fade at the edge where more are (/trocas at 390 px, /perfil at 390 and 1280 px)", async () => {
    const customer = DEMO_ACCOUNTS.find((a) => a.role === "user")
    if (!customer) throw new Error("no demo customer")
    const context = await browser.newContext({ viewport: { width: 390, height: 800 }, locale: "pt-BR" })
    const page = await context.newPage()
    await signIn(page, server.url, customer.email, customer.password)
    await page.waitForURL("**/perfil")
    const seen: string[] = []
    for (const [width, path] of [
      [390, "/trocas"],
      [390, "/perfil"],
      [1280, "/perfil"],
    ] as const) {
      await page.setViewportSize({ width, height: 800 })
      await go(page, server.url, path)
      await page.locator("[role=tablist]").first().waitFor()
      // The edges are measured once hydrated, so the check is retried until then.
      await expect.poll(() => unhintedTabs(page), { message: `${width} px ${path}` }).toEqual([])
      seen.push(`${width} ${path}: ${await page.locator("[role=tab]").count()} tabs`)
      if (width === 1280) {
        // From a tablet's width the tabs wrap: none is out of view at all.
        const outside = await page.evaluate(
          () =>
            [...document.querySelectorAll("[role=tablist]")].flatMap((strip) => {
              const s = strip.getBoundingClientRect()
              return [...strip.querySelectorAll("[role=tab]")]
                .map((tab) => tab.getBoundingClientRect())
                .filter((t) => t.width > 0 && (t.right > s.right + 1 || t.left < s.left - 1))
            }).length,
        )
        expect(outside).toBe(0)
      }
    }
    await context.close()
    expect(seen).toHaveLength(3)
  })
})
