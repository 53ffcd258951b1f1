import type pg from "pg"
import type { Browser, BrowserContext, Page } from "playwright"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { axeFindings } from "../support/axe"
import { checkoutToPayment, fillCard, fillCart, reviewAndPay } from "../support/checkout"
import { postgresServerUrl } from "../support/databases"
import { createVerifiedAccount, latestEmailLinks } from "../support/mailbox"
import { firstCharacterPath, go as goTo, signIn } from "../support/pages"
import { adminPage, type PostgresStore, signInAndWait, startPostgresStore } from "../support/postgresStore"
import type { RunningServer } from "../support/server"

/**
 * The customer's side after payment in Chromium: a purchase paid with the sandbox, then the order moved along by
 * an administrator through the admin procedures, followed on the order page and on /rastrear, a withdrawal asked
 * after delivery, and the certificate issued on payment opened from its URL. The file needs PostgreSQL (to read
 * what the store wrote, and to make the administrator).
 */

const EMAIL = "helena@example.com"
const PASSWORD = "Helena12345"
const CARRIER_CODE = "AA123456789BR"

const databaseUrl = await postgresServerUrl()
if (!databaseUrl) console.warn("skipped: no PostgreSQL (set TEST_DATABASE_URL to run the order pages test)")

let store: PostgresStore
let server: RunningServer
let browser: Browser
let sql: pg.Client
let context: BrowserContext
let page: Page
let admin: Page
let order: { id: string; number: string; trackingCode: string }
/** What the customer's browser reported: a hydration mismatch or a failed script shows up here. */
const consoleErrors: string[] = []

beforeAll(async () => {
  if (!databaseUrl) return
  store = await startPostgresStore(databaseUrl)
  ;({ server, browser, sql } = store)
  await createVerifiedAccount(server.url, "Helena Costa", EMAIL, PASSWORD)
  context = await browser.newContext({ locale: "pt-BR", viewport: { width: 1280, height: 900 } })
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: server.url })
  page = await context.newPage()
  page.on("console", (m) => m.type() === "error" && consoleErrors.push(`${page.url()}: ${m.text()}`))
  page.on("pageerror", (e) => consoleErrors.push(`${page.url()}: ${e}`))
  await signInAndWait(page, server.url, EMAIL, PASSWORD)
  admin = await adminPage(store)
})

afterAll(async () => {
  await store?.stop()
})

const go = (path: string) => goTo(page, server.url, path)
const orderPath = () => `/perfil/pedidos/${order.id}`
const steps = () =>
  page
    .getByTestId("timeline")
    .locator("li")
    .evaluateAll((items) =>
      items.map(
        (li) => `${li.querySelector("span.font-semibold")?.textContent}:${li.getAttribute("data-state")}`,
      ),
    )

/** An administrator moves the order through the admin procedures (their pages are another branch's). */
async function adminDoes(procedure: "advance" | "ship", input: Record<string, string>) {
  const answer = await admin.evaluate(
    async ({ procedure, input }) => {
      const res = await fetch(`/api/trpc/admin.orders.${procedure}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ json: { ...input, actionKey: crypto.randomUUID() } }),
      })
      return { status: res.status, body: await res.text() }
    },
    { procedure, input: { orderId: order.id, ...input } },
  )
  expect(answer.status, answer.body).toBe(200)
}

async function moveOrder(to: "shipped" | "delivered") {
  if (to === "shipped") {
    await adminDoes("advance", { step: "start_production" })
    await adminDoes("advance", { step: "mark_produced" })
    await adminDoes("ship", { carrier: "Correios", service: "SEDEX", trackingCode: CARRIER_CODE })
  } else {
    await adminDoes("advance", { step: "mark_in_transit" })
    await adminDoes("advance", { step: "mark_delivered" })
  }
}

/** The certificate the store issued for the order's numbered unit when the payment was approved. */
async function certificateCode(): Promise<string> {
  const code = async () =>
    (await sql.query("select code from certificates where order_id = $1", [order.id])).rows[0]?.code ?? null
  await expect.poll(code, { timeout: 20_000 }).not.toBeNull()
  return (await code()) as string
}

describe.skipIf(!databaseUrl)("the customer's order after payment", () => {
  it("pays with the sandbox card APRO and opens the order from the orders tab", async () => {
    const productId = (await firstCharacterPath(server.url)).split("/").pop() ?? ""
    await fillCart(page, productId)
    await checkoutToPayment(page, server.url, "Helena Costa")
    await fillCard(page, "APRO")
    await reviewAndPay(page)
    await page.waitForURL("**/payment-success?pedido=*")
    await expect.poll(() => page.locator("h1").innerText()).toBe("Pagamento aprovado!")
    const id = new URL(page.url()).searchParams.get("pedido") ?? ""
    const { rows } = await sql.query("select number, tracking_code from orders where id = $1", [id])
    order = { id, number: rows[0].number, trackingCode: rows[0].tracking_code }

    await go("/perfil?tab=orders")
    // A paid order says where it stands after payment.
    expect(await page.getByTestId("order-row").first().innerText()).toContain("Pedido confirmado")
    await page.getByTestId("order-row").first().click()
    await page.waitForURL(`**${orderPath()}`)
    await expect.poll(() => page.locator("h1").innerText()).toBe(`Pedido ${order.number}`)
    expect(await page.title()).toBe(`Pedido ${order.number} | Legendarium`)
    expect(await page.getByRole("navigation", { name: "Você está em" }).innerText()).toContain(
      `Pedido ${order.number}`,
    )
    expect(await steps()).toEqual([
      "Pedido Confirmado:current",
      "Em Produção:pending",
      "Produto Finalizado:pending",
      "Postado:pending",
      "Em Trânsito:pending",
      "Entrega Prevista:pending",
      "Entregue:pending",
    ])
    expect(await page.getByText(/^Nº \d+\/\d+/).count()).toBeGreaterThan(0)
    // The CEP as checkout and the admin page write it.
    expect(await page.locator("address", { hasText: "CEP" }).innerText()).toMatch(/CEP \d{5}-\d{3}/)
    // Before production the customer may still cancel; the dialog asks first and "Voltar" changes nothing.
    await page.getByRole("button", { name: "Cancelar pedido" }).click()
    await page.getByRole("dialog", { name: "Cancelar este pedido?" }).waitFor()
    await page.getByRole("button", { name: "Voltar" }).click()
    expect(await page.getByTestId("order-status").innerText()).toBe("Pedido confirmado")
  })

  it("finds the tracking code in the confirmation e-mail in the dev mailbox, and follows the order with it", async () => {
    // A card approved at once: its confirmation is the approval, and nothing asks to finish paying.
    // The mailbox in a tab of its own (a dev page, without the store's favicon).
    const mailbox = await context.newPage()
    const confirmation = mailbox.getByRole("link", { name: `Pagamento aprovado do pedido ${order.number}` })
    // The dispatcher sends it a moment after the payment.
    await expect
      .poll(async () => {
        await mailbox.goto(`${server.url}/dev/emails`)
        return confirmation.count()
      })
      .toBe(1)
    expect(
      await mailbox.getByRole("link", { name: `Recebemos seu pedido ${order.number}` }).count(),
      "the finish-paying e-mail of a card approved at once",
    ).toBe(0)
    await confirmation.click()
    await mailbox.waitForURL("**/dev/emails/*")
    const text = await mailbox.locator("pre").innerText()
    const code = /Código de rastreamento:\n([0-9A-Z]{6}-[0-9A-Z]{6})/.exec(text)?.[1]
    expect(code).toBe(order.trackingCode)
    await mailbox.close()
    // What /rastrear tells people: the code is in the order's confirmation, typed in by hand here.
    await go("/rastrear")
    await page.getByRole("textbox", { name: "Código de rastreamento" }).fill(code ?? "")
    await page.getByRole("button", { name: "Rastrear Pedido" }).click()
    await page.getByTestId("tracking-result").waitFor()
    expect(await page.getByTestId("tracking-code").innerText()).toBe(order.trackingCode)
    expect(await page.getByTestId("tracking-result").innerText()).toContain(order.number)
  })

  it("another customer gets the store's 404 for the order page", async () => {
    await createVerifiedAccount(server.url, "Igor Prado", "igor@example.com", "IgorPrado123")
    const other = await browser.newContext({ locale: "pt-BR" })
    const stranger = await other.newPage()
    await signIn(stranger, server.url, "igor@example.com", "IgorPrado123")
    await stranger.waitForURL((u) => !u.pathname.startsWith("/auth"))
    const res = await stranger.goto(server.url + orderPath())
    expect(res?.status()).toBe(404)
    expect(await stranger.locator("h1").innerText()).toBe("Pedido não encontrado")
    expect(await stranger.content()).not.toContain(order.number)
    await other.close()
  })

  it("follows the shipped order on its page and on /rastrear, copies the code; a visitor sees it masked", async () => {
    await moveOrder("shipped")
    await go(orderPath())
    expect(await steps()).toEqual([
      "Pedido Confirmado:completed",
      "Em Produção:completed",
      "Produto Finalizado:completed",
      "Postado:current",
      "Em Trânsito:pending",
      "Entrega Prevista:pending",
      "Entregue:pending",
    ])
    expect(await page.getByRole("button", { name: "Cancelar pedido" }).count()).toBe(0)
    expect(await page.getByText(CARRIER_CODE, { exact: true }).count()).toBe(1)

    // The shipping e-mail links to /rastrear with the code filled in; so does the order page.
    const links = await latestEmailLinks(server.url, EMAIL, `Seu pedido ${order.number} foi enviado`)
    expect(links.filter((l) => l.endsWith(`/rastrear?codigo=${order.trackingCode}`))).toHaveLength(1)
    await page.getByRole("link", { name: "Acompanhar em Rastrear Pedido" }).click()
    await page.waitForURL("**/rastrear?codigo=*")
    await page.getByTestId("tracking-result").waitFor()
    expect(await page.title()).toBe("Rastrear pedido | Legendarium")
    expect(await page.getByTestId("tracking-code").innerText()).toBe(order.trackingCode)
    expect(await page.getByTestId("tracking-result").innerText()).toContain("Helena Costa")
    expect(await steps()).toContain("Postado:current")
    await page.getByRole("button", { name: "Copiar código" }).click()
    await expect.poll(() => page.getByText("Código copiado!").count()).toBe(1)
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(order.trackingCode)

    const anonymous = await browser.newContext({ locale: "pt-BR" })
    const visitor = await anonymous.newPage()
    // The carrier's code in lower case finds the same order; the shared link opens the result directly.
    await goTo(visitor, server.url, `/rastrear?codigo=${CARRIER_CODE.toLowerCase()}`)
    const result = await visitor.getByTestId("tracking-result").innerText()
    expect(result).toContain(order.number)
    expect(result).toContain("São Paulo/SP")
    expect(result).not.toContain("Helena Costa")
    expect(result).not.toContain(EMAIL)
    expect(result).toContain("Dados parciais para proteger a privacidade")
    expect(
      await visitor.getByRole("link", { name: "Rastrear na transportadora" }).getAttribute("href"),
    ).toContain(CARRIER_CODE)
    await visitor.getByRole("textbox", { name: "Código de rastreamento" }).fill("")
    await visitor.getByRole("button", { name: "Rastrear Pedido" }).click()
    await expect.poll(() => visitor.getByRole("alert").innerText()).toContain("Código obrigatório")
    expect(await visitor.getByRole("alert").innerText()).toContain(
      "Por favor, insira um código de rastreamento.",
    )
    await visitor.getByRole("textbox", { name: "Código de rastreamento" }).fill("XX000000000BR")
    await visitor.getByRole("button", { name: "Rastrear Pedido" }).click()
    await visitor.waitForURL("**/rastrear?codigo=XX000000000BR")
    await expect.poll(() => visitor.getByRole("alert").innerText()).toContain("Código não encontrado")
    expect(await visitor.getByRole("alert").innerText()).toContain(
      "Verifique se o código está correto e tente novamente.",
    )
    await anonymous.close()
  })

  it("asks a withdrawal after delivery, confirmed in a dialog, once", async () => {
    await moveOrder("delivered")
    await go(orderPath())
    expect(await steps()).toContain("Entregue:completed")
    await page.getByRole("button", { name: "Desistir da compra" }).click()
    const dialog = page.getByRole("dialog", { name: "Desistir da compra?" })
    await dialog.waitFor()
    await dialog.getByLabel("Motivo (opcional)").fill("Comprei em duplicidade.")
    await dialog.getByRole("button", { name: "Pedir devolução" }).click()
    await expect.poll(() => page.getByText("Pedido de devolução enviado").count()).toBe(1)
    await expect
      .poll(() => page.getByTestId("requests").innerText())
      .toContain("Devolução por arrependimento")
    expect(await page.getByTestId("requests").innerText()).toContain("Em análise")
    expect(await page.getByRole("button", { name: "Desistir da compra" }).count()).toBe(0)
    const { rows } = await sql.query(
      "select kind, status, description from after_sale_requests where order_id = $1",
      [order.id],
    )
    expect(rows).toEqual([
      { kind: "withdrawal", status: "requested", description: "Comprei em duplicidade." },
    ])
  })

  it("opens the certificate from its URL: edition, initials only, a QR code of itself, not indexed", async () => {
    const code = await certificateCode()
    await go(orderPath())
    await page
      .getByRole("link", { name: /Certificado/ })
      .first()
      .click()
    await page.waitForURL(`**/certificado/${code}`)
    const { rows } = await sql.query(
      "select serial, edition_size, product_name from certificates where code = $1",
      [code],
    )
    expect(await page.getByTestId("edition").innerText()).toBe(`${rows[0].serial}/${rows[0].edition_size}`)
    expect(await page.getByTestId("owner").innerText()).toBe("H. C.")
    expect(await page.getByTestId("certificate").innerText()).not.toContain("Helena")
    expect(await page.getByTestId("certificate").innerText()).toContain(rows[0].product_name)
    // The store's public address (PUBLIC_URL), which a phone reading the code can open.
    expect(await page.getByTestId("certificate-qr").getAttribute("aria-label")).toMatch(
      new RegExp(`^QR code deste certificado: http://localhost:\\d+/certificado/${code}$`),
    )
    expect(await page.locator("meta[name=robots]").getAttribute("content")).toContain("noindex")
    expect(await page.title()).toBe("Certificado de autenticidade | Legendarium")
    // The page is public: a visitor opening the QR code's URL sees it too; a made-up code is a 404.
    const visitor = await fetch(`${server.url}/certificado/${code.toLowerCase()}`)
    expect(visitor.status).toBe(200)
    const publicHtml = await visitor.text()
    expect(publicHtml).toContain("H. C.")
    expect(publicHtml).not.toContain("Helena")
    expect((await fetch(`${server.url}/certificado/ZZZZZ-ZZZZZ-ZZZZZ-ZZZZZ`)).status).toBe(404)
  })

  it("finds no serious or critical axe violation on the order, tracking and certificate pages, light and dark", async () => {
    const code = await certificateCode()
    const findings: string[] = []
    for (const theme of ["light", "dark"] as const) {
      await page.evaluate((value) => localStorage.setItem("theme", value), theme)
      for (const path of [orderPath(), `/rastrear?codigo=${order.trackingCode}`, `/certificado/${code}`]) {
        await go(path)
        await page.waitForLoadState("networkidle")
        for (const finding of await axeFindings(page)) findings.push(`${theme} ${path}: ${finding}`)
      }
      await go(orderPath())
      await page.getByRole("button", { name: "Avaliar entrega" }).click()
      await page.getByRole("dialog", { name: "Avaliar a entrega" }).waitFor()
      for (const finding of await axeFindings(page)) findings.push(`${theme} rating dialog: ${finding}`)
      await page.keyboard.press("Escape")
    }
    expect(findings).toEqual([])
    expect(consoleErrors).toEqual([])
  })
})
