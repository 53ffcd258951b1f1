import type { Browser, Page } from "playwright"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { DEMO_ACCOUNTS } from "../../server/demoAccounts"
import { launchBrowser } from "../support/browser"
import { fillCart } from "../support/checkout"
import { firstCharacterPath, firstCollectionPath, go, seedGuestCart, signIn } from "../support/pages"
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
  it("scrolls no main page sideways at 360, 390 and 414 px (visitor with a cart)", async () => {
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
