import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import type { Browser, Page } from "playwright"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { DEMO_ACCOUNTS } from "../../server/demoAccounts"
import { launchBrowser } from "../support/browser"
import { go as goTo, h1, signIn as signInAt } from "../support/pages"
import { type RunningServer, startServer } from "../support/server"

// Exactly what `npm start` gives a newcomer: production mode, the embedded database in a folder, demo data,
// no SMTP, no administrator listed anywhere.
let server: RunningServer
let browser: Browser
const dataDir = mkdtempSync(join(tmpdir(), "legendarium-newcomer-"))

beforeAll(async () => {
  ;[server, browser] = await Promise.all([
    startServer({ DATA_DIR: dataDir, LOG_LEVEL: "info" }),
    launchBrowser(),
  ])
})
afterAll(async () => {
  await browser?.close()
  await server?.stop()
  rmSync(dataDir, { recursive: true, force: true })
})

const go = (page: Page, path: string) => goTo(page, server.url, path)

const signIn = (page: Page, email: string, password: string) => signInAt(page, server.url, email, password)

describe("a newcomer on npm start", () => {
  it("is told at start where the store, the data and the e-mails are, and the demo accounts", () => {
    const out = server.output()
    expect(out).toContain(`Legendarium no ar: http://localhost:`)
    expect(out).toContain(`PGlite embutido, em ${dataDir}`)
    expect(out).toContain("/dev/emails")
    for (const account of DEMO_ACCOUNTS) expect(out).toContain(`${account.email}  senha: ${account.password}`)
  })

  it("registers, reads the confirmation in the mail viewer, confirms and signs in", async () => {
    const context = await browser.newContext({ locale: "pt-BR" })
    const page = await context.newPage()
    await go(page, "/auth/register")
    await page.getByLabel("Nome de exibição").fill("Nina Nova")
    await page.getByLabel("E-mail", { exact: true }).fill("nina@example.com")
    await page.getByLabel("Senha", { exact: true }).fill("Segura123")
    await page.getByLabel("Confirmar senha").fill("Segura123")
    await page.getByRole("checkbox").check()
    await page.getByRole("button", { name: "Criar conta" }).click()
    await expect.poll(() => h1(page)).toBe("Confirme seu e-mail")

    // The dispatcher sends the e-mail after the request: it shows up in the viewer a moment later.
    await expect
      .poll(
        async () => {
          await page.goto(`${server.url}/dev/emails`)
          return page.getByRole("link", { name: "Confirme seu e-mail — Legendarium" }).count()
        },
        { timeout: 15_000, interval: 250 },
      )
      .toBe(1)
    await page.getByRole("link", { name: "Confirme seu e-mail — Legendarium" }).click()
    // Like a mail client, the viewer opens the message's link in a new tab.
    const [tab] = await Promise.all([
      context.waitForEvent("page"),
      page.locator('ul.links a[href*="verify-email"]').click(),
    ])
    await tab.waitForURL("**/perfil", { timeout: 15_000 })
    await expect.poll(() => h1(tab)).toBe("Minha conta")

    await tab.getByRole("button", { name: "Sair" }).click()
    await expect.poll(() => tab.getByText("Você saiu da sua conta").count()).toBe(1)
    await signIn(tab, "nina@example.com", "Segura123")
    await tab.waitForURL("**/perfil")
    await context.close()
  })

  it("signs in as the demo administrator and opens /admin", async () => {
    const admin = DEMO_ACCOUNTS.find((a) => a.role === "admin")!
    const context = await browser.newContext({ locale: "pt-BR" })
    const page = await context.newPage()
    await signIn(page, admin.email, admin.password)
    await page.waitForURL((url) => !url.pathname.startsWith("/auth/login"), { timeout: 15_000 })
    await go(page, "/admin")
    await expect.poll(() => h1(page)).toBe("Painel administrativo")
    // An administrator may read the kept e-mails from anywhere, even through a proxy.
    const viaProxy = await context.request.get(`${server.url}/dev/emails`, {
      headers: { "x-forwarded-for": "203.0.113.9" },
    })
    expect(viaProxy.status()).toBe(200)
    // The operations of the event outbox answer an administrator: nothing is parked on a healthy store.
    const parked = await context.request.get(`${server.url}/api/trpc/admin.events.parked`)
    expect(parked.status()).toBe(200)
    expect(((await parked.json()) as { result: { data: { json: unknown[] } } }).result.data.json).toEqual([])
    await context.close()
  })

  it("refuses the outbox operations to a customer", async () => {
    const customer = DEMO_ACCOUNTS.find((a) => a.role === "user")!
    const context = await browser.newContext({ locale: "pt-BR" })
    const page = await context.newPage()
    await signIn(page, customer.email, customer.password)
    await page.waitForURL((url) => !url.pathname.startsWith("/auth/login"), { timeout: 15_000 })
    expect((await context.request.get(`${server.url}/api/trpc/admin.events.parked`)).status()).toBe(403)
    const requeue = await context.request.post(`${server.url}/api/trpc/admin.events.requeue`, {
      headers: { origin: server.url, "content-type": "application/json" },
      data: { json: { eventId: "1", handler: "mail.account" } },
    })
    expect(requeue.status()).toBe(403)
    await context.close()
  })

  it("keeps the mail viewer from anyone but this machine", async () => {
    expect((await fetch(`${server.url}/dev/emails`)).status).toBe(200)
    for (const header of ["x-forwarded-for", "forwarded", "x-real-ip"]) {
      const viaProxy = await fetch(`${server.url}/dev/emails`, { headers: { [header]: "203.0.113.9" } })
      expect(viaProxy.status).toBe(404)
      expect(await viaProxy.text()).not.toContain("Confirme")
    }
  })
})
