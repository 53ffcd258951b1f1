import type { Browser, Page } from "playwright"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { monthYearLabelPtBR } from "../../domain/calendar"
import { monthsPaidFor } from "../../domain/subscriptions/coverage"
import { startFakeViaCep } from "../fakes/fakeViaCep"
import { launchBrowser } from "../support/browser"
import { checkoutToPayment, reviewAndPay, sandboxPageOn } from "../support/checkout"
import { freshPostgres, postgresServerUrl, type TestDatabase } from "../support/databases"
import { createVerifiedAccount } from "../support/mailbox"
import { go, signIn } from "../support/pages"
import { type RunningServer, startServer } from "../support/server"
import { STORE_DAY } from "../support/storeClock"

/**
 * Prepaid plans in Chromium against the sandbox gateway: a collector goes from /planos to a quarterly plan and
 * pays it by PIX; the administrator then edits the plan on /admin/plans and /planos shows the change at once.
 */

const ADMIN = { email: "gestora@example.com", password: "Gestora12345" }
const CUSTOMER = { email: "davi@example.com", password: "Davi12345" }

let server: RunningServer
let browser: Browser
let viaCep: Awaited<ReturnType<typeof startFakeViaCep>>
let database: TestDatabase | null = null

beforeAll(async () => {
  viaCep = await startFakeViaCep()
  const url = await postgresServerUrl()
  database = url ? await freshPostgres(url) : null
  ;[server, browser] = await Promise.all([
    startServer({
      NODE_ENV: "test",
      VIACEP_URL: viaCep.baseUrl,
      ADMIN_EMAILS: ADMIN.email,
      ...(database?.target.kind === "postgres" ? { DATABASE_URL: database.target.url } : {}),
    }),
    launchBrowser(),
  ])
  await createVerifiedAccount(server.url, "Gestora", ADMIN.email, ADMIN.password)
  await createVerifiedAccount(server.url, "Davi Rocha", CUSTOMER.email, CUSTOMER.password)
})
afterAll(async () => {
  await browser?.close()
  await server?.stop()
  await viaCep?.close()
  await database?.dispose()
})

async function newPage(who: { email: string; password: string } | null): Promise<Page> {
  const context = await browser.newContext({ locale: "pt-BR", viewport: { width: 1280, height: 900 } })
  const page = await context.newPage()
  if (who) {
    await signIn(page, server.url, who.email, who.password)
    await page.waitForURL((u) => !u.pathname.startsWith("/auth"))
  }
  return page
}

let collectionId = ""

describe("prepaid plans", () => {
  it("/planos → a collection → Trimestral → /checkout → PIX paid in the sandbox → approved", async () => {
    const page = await newPage(CUSTOMER)
    await go(page, server.url, "/planos")
    await page.locator('a[href*="/planos?colecao="]').first().click()
    await page.waitForURL((u) => u.searchParams.has("colecao"))
    collectionId = new URL(page.url()).searchParams.get("colecao") ?? ""
    expect(await page.getByRole("link", { name: "Adicionar ao calendário" }).getAttribute("href")).toBe(
      `/colecoes/${collectionId}/calendario.ics`,
    )
    const collectionName = (await page.locator("#compare-title").innerText()).split("·")[0]?.trim() ?? ""
    await page.getByRole("link", { name: "Escolher Trimestral" }).click()
    await page.waitForURL((u) => u.pathname === "/checkout" && u.searchParams.get("period") === "quarterly")
    const label = `Plano Trimestral — Coleção ${collectionName}, 3 meses`
    await expect.poll(() => page.locator("#plan-notice-title").innerText()).toBe(label)

    await checkoutToPayment(page, server.url, "Davi Rocha", null)
    expect(await page.getByTestId("summary-plan").innerText()).toBe(label)
    await page.getByText("PIX", { exact: true }).click()
    await page.getByLabel("CPF", { exact: true }).fill("12345678909")
    await reviewAndPay(page)
    await page.waitForURL("**/payment-success?pedido=*")
    await expect.poll(() => page.locator("h1").innerText()).toBe("Pague com PIX para confirmar")
    const ticket = (await page.getByRole("link", { name: "Abrir página do PIX" }).getAttribute("href")) ?? ""
    const bank = await page.context().newPage()
    await bank.goto(sandboxPageOn(server.url, ticket))
    await bank.getByRole("button", { name: "Simular pagamento" }).click()
    await expect.poll(() => bank.getByText("Pagamento simulado: aprovado.").count()).toBe(1)
    await bank.close()
    await expect.poll(() => page.locator("h1").innerText(), { timeout: 15_000 }).toBe("Pagamento aprovado!")
    expect(await page.getByTestId("bought-plan").innerText()).toContain(label)

    // The paid plan on /assinatura: its three months, from the payment's month (days 1–14) or the next.
    const months = monthsPaidFor(STORE_DAY, 3, null).map((m) => {
      const [year = 0, month = 0] = m.split("-").map(Number)
      return monthYearLabelPtBR({ year, month })
    })
    await go(page, server.url, "/assinatura?tab=shipments")
    await expect.poll(() => page.locator("h1").innerText(), { timeout: 15_000 }).toBe("MEUS PEDIDOS")
    // The quarterly plan: prepaid, paid once for three months.
    await expect.poll(() => page.locator("body").innerText()).toContain("PLANO PRÉ-PAGO")
    expect(await page.locator("body").innerText()).toContain("pagamento único · 3 meses")
    await expect
      .poll(() =>
        // The open tab only: the others are in the page too, hidden (the charges list its months as well).
        page
          .getByRole("tabpanel")
          .locator("li")
          .filter({ hasText: /· \S+ de \d{4}/ })
          .allInnerTexts(),
      )
      .toEqual(months.map((m) => expect.stringContaining(m)))
    await page.context().close()
  })

  it("an unknown plan at the checkout is told as such", async () => {
    const page = await newPage(CUSTOMER)
    await go(page, server.url, `/checkout?collection=${collectionId}&period=mensal`)
    await expect.poll(() => page.getByRole("alert").first().innerText()).toBe("Plano não encontrado")
    await page.context().close()
  })

  it("the administrator edits a plan inline and /planos shows it at once", async () => {
    const visitor = await newPage(null)
    await go(visitor, server.url, `/planos?colecao=${collectionId}`)
    await visitor.getByRole("heading", { name: "Trimestral", level: 3 }).waitFor()

    const admin = await newPage(ADMIN)
    await go(admin, server.url, "/admin/plans")
    const card = admin.getByTestId("plan-card-quarterly")
    await card.getByLabel("Nome *").fill("")
    await card.getByRole("button", { name: "Salvar plano" }).click()
    await admin.locator("[data-sonner-toast]", { hasText: "Preencha todos os campos obrigatórios" }).waitFor()

    await card.getByLabel("Nome *").fill("Trimestral Plus")
    await card.getByLabel("Preço (R$) *").fill("749,90")
    await expect
      .poll(() => card.getByTestId("plan-savings").innerText())
      .toMatch(/Economia de R\$\s149,80 \(17%\) sobre R\$\s899,70 \(R\$ 299,90 × 3\)/)
    await card.getByRole("button", { name: "Salvar plano" }).click()
    await admin.locator("[data-sonner-toast]", { hasText: "Plano atualizado com sucesso!" }).waitFor()

    await visitor.reload()
    await expect
      .poll(() => visitor.getByRole("heading", { name: "Trimestral Plus", level: 3 }).count(), {
        timeout: 10_000,
      })
      .toBe(1)
    await admin.context().close()
    await visitor.context().close()
  })
})
