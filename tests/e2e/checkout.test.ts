import pg from "pg"
import type { Browser, BrowserContext, Page } from "playwright"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { startFakeViaCep } from "../fakes/fakeViaCep"
import { launchBrowser } from "../support/browser"
import {
  checkoutToPayment,
  fillCard as fillCardOf,
  fillCart as fillCartOf,
  reviewAndPay as reviewAndPayOf,
  sandboxPageOn,
} from "../support/checkout"
import { freshPostgres, postgresServerUrl, type TestDatabase } from "../support/databases"
import { createVerifiedAccount, latestEmailLinks } from "../support/mailbox"
import { currentCharacterPaths, firstCharacterPath, go as goTo, signIn } from "../support/pages"
import { type RunningServer, startServer } from "../support/server"

/**
 * The whole checkout in Chromium against the sandbox gateway: one server and one signed-in customer, each test
 * a purchase of the month's character. Coupons are written to the test's own PostgreSQL database, so the file
 * needs one (TEST_DATABASE_URL or a testcontainer); the embedded database cannot be opened by another process.
 */

const EMAIL = "carla@example.com"
const PASSWORD = "Carla12345"

let server: RunningServer
let browser: Browser
let viaCep: Awaited<ReturnType<typeof startFakeViaCep>>
let database: TestDatabase | null = null
let context: BrowserContext
let page: Page
let productId: string

beforeAll(async () => {
  const url = await postgresServerUrl()
  database = url ? await freshPostgres(url) : null
  viaCep = await startFakeViaCep()
  ;[server, browser] = await Promise.all([
    startServer({
      NODE_ENV: "test",
      VIACEP_URL: viaCep.baseUrl,
      ...(database && database.target.kind === "postgres" ? { DATABASE_URL: database.target.url } : {}),
    }),
    launchBrowser(),
  ])
  await createVerifiedAccount(server.url, "Carla Mendes", EMAIL, PASSWORD)
  productId = (await firstCharacterPath(server.url)).split("/").pop() ?? ""
  context = await browser.newContext({ locale: "pt-BR", viewport: { width: 1280, height: 900 } })
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: server.url })
  page = await context.newPage()
  await signIn(page, server.url, EMAIL, PASSWORD)
  await page.waitForURL((u) => !u.pathname.startsWith("/auth"))
})

afterAll(async () => {
  await browser?.close()
  await server?.stop()
  await viaCep?.close()
  await database?.dispose()
})

/**
 * Every price of the checkout quotes shipping, and quotes are limited per client address (20 a minute): the
 * whole file comes from 127.0.0.1, so each purchase starts with the counters of the test's database cleared.
 */
async function resetLimits() {
  await runSql("delete from auth_rate_limit where key like '%shipping:%' or key like '%orders:%'")
}

/** Runs statements on the test's PostgreSQL database (none on PGlite, which the server holds alone). */
async function runSql(...statements: string[]) {
  if (database?.target.kind !== "postgres") return
  const client = new pg.Client({ connectionString: database.target.url })
  await client.connect()
  for (const statement of statements) await client.query(statement)
  await client.end()
}

const WELCOME_COUPON = `insert into coupons (code, type, value) values ('BEMVINDO10', 'percentage', 10)
  on conflict (code) do nothing`

const go = (path: string) => goTo(page, server.url, path)
const heading = (name: string) => page.getByRole("heading", { name, level: 2, exact: true })

/** Puts the month's character in the signed-in customer's cart (already there is fine). */
const fillCart = () => fillCartOf(page, productId)

/** From an empty or remembered address book to the payment step. */
async function toPayment() {
  await resetLimits()
  await fillCart()
  await checkoutToPayment(page, server.url, "Carla Mendes")
  // The step heading takes the focus (keyboard and screen-reader users land on the new step).
  await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe("Pagamento")
}

const fillCard = (holder: string) => fillCardOf(page, holder)
/** "R$ 1.234,56" → 1234.56 */
const reais = (text: string) => Number(text.replace(/[^\d,]/g, "").replace(",", "."))
const reviewAndPay = () => reviewAndPayOf(page)

describe("checkout", () => {
  it("the page needs sign-in, on the server", async () => {
    const res = await fetch(`${server.url}/checkout`, { redirect: "manual" })
    expect(res.status).toBeGreaterThanOrEqual(300)
    expect(res.status).toBeLessThan(400)
    expect(res.headers.get("location")).toContain("/auth/login?from=%2Fcheckout")
    const success = await fetch(`${server.url}/payment-success?pedido=x`, { redirect: "manual" })
    expect(success.headers.get("location")).toContain("/auth/login")
  })

  it("the cart's button leads to the checkout once shipping is calculated", async () => {
    await fillCart()
    await go("/carrinho")
    await page.getByRole("button", { name: "Finalizar Compra" }).click()
    await expect.poll(() => page.getByText("Calcule o frete", { exact: true }).count()).toBe(1)
    await page.getByLabel("Calcular frete (CEP)").fill("01310-100")
    await page.getByRole("button", { name: "Calcular" }).click()
    await expect.poll(() => page.getByRole("radio").count()).toBeGreaterThan(0)
    await page.getByRole("button", { name: "Finalizar Compra" }).click()
    await page.waitForURL("**/checkout")
    await expect.poll(() => page.locator("h1").innerText()).toBe("Finalizar Compra")
  })

  it("card APRO in 3x is approved: details on the result page and an e-mail", async () => {
    await toPayment()
    await expect.poll(() => page.getByText("Ambiente de testes: nenhum valor é cobrado").count()).toBe(1)
    await fillCard("APRO")
    const three = await page.getByLabel("Parcelas").locator("option[value='3']").innerText()
    expect(three).toMatch(/^3x de R\$\s[\d.,]+ sem juros$/)
    await page.getByLabel("Parcelas").selectOption("3")
    await reviewAndPay()
    await page.waitForURL("**/payment-success?pedido=*")
    await expect.poll(() => page.locator("h1").innerText()).toBe("Pagamento aprovado!")
    const details = await page.getByTestId("transaction-details").innerText()
    expect(details).toMatch(/Parcelas\s+3x/)
    expect(details).toMatch(/Cartão final\s+6351/)
    expect(details).toContain("Cartão Mastercard")
    expect(details).toMatch(/Data de envio\s+\d{2}\/\d{2}\/\d{4}/)
    expect(await page.title()).toBe("Pagamento | Legendarium")
    expect(await page.getByRole("navigation", { name: "Você está em" }).innerText()).toContain("Pagamento")
    const number = /Pedido nº\s+(\S+)/.exec(details)?.[1] ?? ""
    const orderId = new URL(page.url()).searchParams.get("pedido")
    expect(await page.getByRole("link", { name: "Ver meu pedido" }).getAttribute("href")).toBe(
      `/perfil/pedidos/${orderId}`,
    )
    expect(await page.getByRole("link", { name: "Voltar ao início" }).getAttribute("href")).toBe("/")
    // A purchase's result leads to the order, not to /assinatura (the header's account links may).
    expect(await page.locator("main a[href='/assinatura']").count()).toBe(0)
    await latestEmailLinks(server.url, EMAIL, `Pagamento aprovado do pedido ${number}`)
    // The paid character left the cart.
    await expect.poll(() => page.getByTestId("cart-badge").count()).toBe(0)
  })

  it("card OTHE is refused with its reason; the retry with APRO pays the same order", async () => {
    await toPayment()
    await fillCard("OTHE")
    await reviewAndPay()
    await heading("Pagamento").waitFor()
    const alert = page.getByRole("alert").filter({ hasText: "Erro no pagamento" })
    await expect.poll(() => alert.innerText()).toContain("O banco emissor recusou o pagamento")
    await page.getByLabel("Nome impresso no cartão").fill("APRO")
    await reviewAndPay()
    await page.waitForURL("**/payment-success?pedido=*")
    await expect.poll(() => page.locator("h1").innerText()).toBe("Pagamento aprovado!")
    await latestEmailLinks(server.url, EMAIL, "Pagamento não aprovado do pedido")
  })

  it("PIX: QR code and copia e cola; paid on the sandbox page, the waiting page turns approved by itself", async () => {
    await toPayment()
    const cardTotal = await page.getByTestId("summary-total").innerText()
    await page.getByText("PIX", { exact: true }).click()
    // The method names the PIX price; the summary then takes the discount off and totals what PIX charges.
    const offer = await page.getByTestId("pix-offer").innerText()
    expect(offer).toMatch(/R\$\s[\d.]+,\d{2} \(5% de desconto\)$/)
    await expect.poll(() => page.getByText("Desconto PIX (5%)", { exact: true }).count()).toBe(1)
    const pixTotal = await page.getByTestId("summary-total").innerText()
    expect(offer).toContain(pixTotal)
    expect(reais(pixTotal)).toBeLessThan(reais(cardTotal))
    await reviewAndPay()
    await page.waitForURL("**/payment-success?pedido=*")
    await expect.poll(() => page.locator("h1").innerText()).toBe("Pague com PIX para confirmar")
    // What the customer saw is what the server charges, and the order keeps the discount.
    expect(await page.getByTestId("order-totals").innerText()).toMatch(/Desconto PIX \(5%\)/)
    expect(await page.getByTestId("order-totals").innerText()).toContain(pixTotal)
    const pixOrder = new URL(page.url()).searchParams.get("pedido") ?? ""
    await go(`/perfil/pedidos/${pixOrder}`)
    await expect.poll(() => page.getByTestId("order-totals").innerText()).toContain("Desconto PIX (5%)")
    expect(await page.getByTestId("order-totals").innerText()).toContain(pixTotal)
    expect(await page.getByTestId("order-tracking-code").count()).toBe(0)
    await go(`/payment-success?pedido=${pixOrder}`)
    await expect.poll(() => page.locator("h1").innerText()).toBe("Pague com PIX para confirmar")
    expect(await page.getByTestId("pix-qr").getAttribute("src")).toMatch(/^data:image\/png;base64,/)
    const code = await page.getByLabel("PIX copia e cola").inputValue()
    expect(code).toMatch(/^000201/)
    await page.getByRole("button", { name: "Copiar código" }).click()
    await expect.poll(() => page.getByText("Código copiado!").count()).toBe(1)
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code)
    expect(await page.getByTestId("pix-countdown").innerText()).toMatch(/expira em \d{2}:\d{2}/)
    // The hour read aloud is Brasília's, like the e-mail's, whatever the browser's zone (UTC here).
    expect(await page.getByTestId("pix-countdown").textContent()).toMatch(
      /às \d{2}:\d{2}, horário de Brasília/,
    )

    const ticket = (await page.getByRole("link", { name: "Abrir página do PIX" }).getAttribute("href")) ?? ""
    expect(ticket).toContain("/sandbox/pagamentos/")
    const bank = await context.newPage()
    await bank.goto(sandboxPageOn(server.url, ticket))
    await bank.getByRole("button", { name: "Simular pagamento" }).click()
    await expect.poll(() => bank.getByText("Pagamento simulado: aprovado.").count()).toBe(1)
    await bank.close()
    await expect.poll(() => page.locator("h1").innerText(), { timeout: 15_000 }).toBe("Pagamento aprovado!")
  })

  it("boleto: the digitable line, its link and due date", async () => {
    await toPayment()
    await page.getByText("Boleto", { exact: true }).click()
    await reviewAndPay()
    await page.waitForURL("**/payment-success?pedido=*")
    await expect.poll(() => page.locator("h1").innerText()).toBe("Boleto gerado")
    expect(await page.getByTestId("boleto-line").innerText()).toMatch(
      /^\d{5}\.\d{5} \d{5}\.\d{6} \d{5}\.\d{6} \d \d{14}$/,
    )
    expect(await page.getByText(/^Vencimento:/).innerText()).toMatch(/\d{2}\/\d{2}\/\d{4}/)
    expect(await page.getByRole("link", { name: "Abrir boleto" }).getAttribute("href")).toContain("/sandbox/")
  })

  it("another customer's order is not found", async () => {
    const order = new URL(page.url()).searchParams.get("pedido") ?? ""
    expect(order).not.toBe("")
    await createVerifiedAccount(server.url, "Davi", "davi@example.com", "Davi123456")
    const other = await browser.newContext({ locale: "pt-BR" })
    const otherPage = await other.newPage()
    await signIn(otherPage, server.url, "davi@example.com", "Davi123456")
    await otherPage.waitForURL((u) => !u.pathname.startsWith("/auth"))
    await goTo(otherPage, server.url, `/payment-success?pedido=${order}`)
    expect(await otherPage.locator("h1").innerText()).toBe("Pedido não encontrado")
    await goTo(otherPage, server.url, `/checkout?pedido=${order}`)
    await expect.poll(() => otherPage.getByRole("heading", { name: "Pedido não encontrado" }).count()).toBe(1)
    await other.close()
  })

  it("a coupon is applied to the total and a refused one says why", async () => {
    if (database?.target.kind !== "postgres") return
    await runSql(
      WELCOME_COUPON,
      `insert into coupons (code, type, value, valid_from, valid_until)
       values ('VERAO2020', 'fixed', 5000, '2020-01-01', '2020-03-01') on conflict (code) do nothing`,
    )

    await resetLimits()
    await fillCart()
    await go("/checkout")
    await page.getByRole("button", { name: "Continuar para a entrega" }).click()
    await heading("Entrega").waitFor()
    const coupon = page.getByLabel("Cupom de desconto")
    const total = page.getByTestId("summary-total")
    // Priced by the server for the address (the cart's subtotal shows until then).
    await expect.poll(() => page.getByRole("radio", { checked: true }).count()).toBe(1)
    await expect.poll(() => page.getByRole("button", { name: "Aplicar" }).isEnabled()).toBe(true)
    const before = await total.innerText()

    await coupon.fill("verao2020")
    await page.getByRole("button", { name: "Aplicar" }).click()
    await expect.poll(() => page.getByRole("alert").filter({ hasText: "Este cupom expirou" }).count()).toBe(1)
    expect(await coupon.getAttribute("aria-invalid")).toBe("true")
    expect(await total.innerText()).toBe(before)

    await coupon.fill("bemvindo10")
    await page.getByRole("button", { name: "Aplicar" }).click()
    await expect.poll(() => page.getByText(/Cupom BEMVINDO10 aplicado/).count()).toBe(1)
    await expect.poll(() => page.getByTestId("summary-discount").count()).toBe(1)
    expect(await total.innerText()).not.toBe(before)

    await page.getByRole("button", { name: "Remover" }).click()
    await expect.poll(() => total.innerText()).toBe(before)
  })

  it("coins: the balance and the most this order may use, and the server's discount on the total", async () => {
    if (database?.target.kind !== "postgres") return
    const client = new pg.Client({ connectionString: database.target.url })
    await client.connect()
    await client.query(
      `insert into points_ledger (user_id, kind, reference, points, coins, description, occurred_at)
       select id, 'mission', 'e2e:coins', 0, 50, 'Moedas de teste', now() from auth_user where email = $1
       on conflict do nothing`,
      [EMAIL],
    )
    // The orders paid earlier in this file earned coins too (once the dispatcher credited them).
    const balance = async () =>
      Number(
        (
          await client.query(
            "select coalesce(sum(coins), 0) as coins from points_ledger l join auth_user u on u.id = l.user_id where u.email = $1",
            [EMAIL],
          )
        ).rows[0]?.coins ?? 0,
      )

    // Through the address to the payment step, then back to the delivery step where coins are chosen.
    await toPayment()
    await page.getByRole("button", { name: "Voltar" }).click()
    await heading("Entrega").waitFor()
    const coins = page.getByTestId("checkout-coins")
    const total = page.getByTestId("summary-total")
    await expect
      .poll(async () => (await coins.innerText()).includes(`Suas moedas: ${await balance()}`))
      .toBe(true)
    await client.end()
    await expect.poll(() => page.getByRole("button", { name: "Usar moedas" }).isEnabled()).toBe(true)
    const before = await total.innerText()

    // The field offers the most this order may use, in plain sight; a negative amount is refused next to
    // the field, which says so, and the total stays as it was.
    const field = coins.getByLabel("Quantas moedas usar")
    expect(await coins.innerText()).toContain(
      `Neste pedido você pode usar até ${await field.inputValue()} moedas`,
    )
    await field.fill("-5")
    await page.getByRole("button", { name: "Usar moedas" }).click()
    const refusal = coins.getByRole("alert")
    await expect.poll(() => refusal.count()).toBe(1)
    expect(await refusal.innerText()).toBe("A quantidade de moedas não pode ser negativa.")
    expect(await field.getAttribute("aria-invalid")).toBe("true")
    expect((await field.getAttribute("aria-describedby"))?.split(" ")).toContain(
      await refusal.getAttribute("id"),
    )
    expect(await total.innerText()).toBe(before)
    // A decimal comma is a fraction, not a tenfold amount; an empty field asks for a number.
    const refusals: [string, string][] = [
      ["1,5", "Use um número inteiro de moedas."],
      ["", "Digite a quantidade de moedas em números."],
    ]
    for (const [typed, message] of refusals) {
      await field.fill(typed)
      await page.getByRole("button", { name: "Usar moedas" }).click()
      await expect.poll(() => refusal.innerText()).toBe(message)
    }
    expect(await total.innerText()).toBe(before)

    await field.fill("30")
    await page.getByRole("button", { name: "Usar moedas" }).click()
    await expect.poll(() => coins.getByText(/30 moedas aplicadas: −R\$\s3,00/).count()).toBe(1)
    const cents = (text: string) => Number(text.replace(/\D/g, ""))
    await expect.poll(async () => cents(before) - cents(await total.innerText())).toBe(300)
    // The summary names the coins, so its lines add up to its total.
    expect(await page.getByTestId("summary-coins-discount").innerText()).toMatch(/−\s*R\$\s3,00/)

    await coins.getByRole("button", { name: "Remover" }).click()
    await expect.poll(() => total.innerText()).toBe(before)
  })
  it("PIX: cart and checkout show the sum of the pieces' PIX prices; a coupon survives a reload", async () => {
    await resetLimits()
    const paths = (await currentCharacterPaths(server.url)).slice(0, 2)
    expect(paths).toHaveLength(2)
    const cents = (text: string) => Math.round(reais(text) * 100)
    const pixShown: number[] = []
    for (const path of paths) {
      await go(path)
      const lines = await page.getByTestId("price-lines").first().innerText()
      pixShown.push(cents(/(R\$\s[\d.]+,\d{2}) no PIX/.exec(lines)?.[1] ?? ""))
    }
    const pixSum = (pixShown[0] ?? 0) + (pixShown[1] ?? 0)

    await page.evaluate(() =>
      fetch("/api/trpc/cart.clear", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: "{}",
      }),
    )
    for (const path of paths) await fillCartOf(page, path.split("/").pop() ?? "")
    await go("/carrinho")
    await expect.poll(() => page.getByTestId("cart-line").count()).toBe(2)
    // The CEP quoted earlier in this browser is quoted again by itself.
    await expect.poll(() => page.getByRole("radio", { checked: true }).count()).toBe(1)
    const subtotal = (await page.getByTestId("cart-line").locator("strong").allInnerTexts())
      .map(cents)
      .reduce((a, b) => a + b, 0)
    // Two pieces whose PIX prices, each rounded down, sum a centavo below 5 % off their sum rounded once.
    expect(Math.floor((subtotal * 9500) / 10000)).toBe(pixSum + 1)
    const cartShipping = cents(await page.getByTestId("cart-total").innerText()) - subtotal
    const cartPix = /(R\$\s[\d.]+,\d{2}) no PIX/.exec(
      await page.getByTestId("cart-payment-terms").innerText(),
    )
    expect(cents(cartPix?.[1] ?? "") - cartShipping).toBe(pixSum)

    await checkoutToPayment(page, server.url, "Carla Mendes")
    await page.getByText("PIX", { exact: true }).click()
    await expect.poll(() => page.getByTestId("summary-pix-discount").count()).toBe(1)
    expect(subtotal - cents(await page.getByTestId("summary-pix-discount").innerText())).toBe(pixSum)

    if (database?.target.kind !== "postgres") return
    await runSql(WELCOME_COUPON)
    await page.getByRole("button", { name: "Voltar", exact: true }).click()
    await heading("Entrega").waitFor()
    await expect.poll(() => page.getByRole("button", { name: "Aplicar" }).isEnabled()).toBe(true)
    await page.getByLabel("Cupom de desconto").fill("bemvindo10")
    await page.getByRole("button", { name: "Aplicar" }).click()
    await expect.poll(() => page.locator("main").innerText()).toContain("Cupom BEMVINDO10 aplicado")
    const discount = await page.getByTestId("summary-discount").innerText()

    await page.reload()
    // The reload stays on the delivery step, the cart's coupon priced again.
    await heading("Entrega").waitFor()
    await expect.poll(() => page.getByTestId("summary-discount").count()).toBe(1)
    expect(await page.getByText("Cupom (BEMVINDO10)").count()).toBe(1)
    await expect.poll(() => page.getByText(/Cupom BEMVINDO10 aplicado/).count()).toBe(1)
    expect(await page.getByTestId("summary-discount").innerText()).toBe(discount)
    await page.getByRole("button", { name: "Remover" }).click()
    await expect.poll(() => page.getByTestId("summary-discount").count()).toBe(0)
  })

  it("a coupon applied at checkout is the cart's: a new tab has it, a reload keeps the step, the order uses it", async () => {
    if (database?.target.kind !== "postgres") return
    await runSql(WELCOME_COUPON, "delete from cart_items")
    await resetLimits()
    await fillCart()
    await checkoutToPayment(page, server.url, "Carla Mendes", "/checkout", async (delivery) => {
      await expect.poll(() => delivery.getByRole("button", { name: "Aplicar" }).isEnabled()).toBe(true)
      await delivery.getByLabel("Cupom de desconto").fill("bemvindo10")
      await delivery.getByRole("button", { name: "Aplicar" }).click()
      await expect.poll(() => delivery.getByText(/Cupom BEMVINDO10 aplicado/).count()).toBe(1)
    })
    const discount = await page.getByTestId("summary-discount").innerText()
    const total = await page.getByTestId("summary-total").innerText()

    const tab = await context.newPage()
    try {
      await goTo(tab, server.url, "/checkout")
      // Priced with the cart's coupon as the page loads: the discount and the total it gives.
      await expect.poll(() => tab.getByTestId("summary-discount").count()).toBe(1)
      expect(await tab.getByTestId("summary-discount").innerText()).toBe(discount)
      expect(await tab.getByText("Cupom (BEMVINDO10)").count()).toBe(1)
      await tab.getByRole("button", { name: "Continuar para a entrega" }).click()
      await tab.getByRole("heading", { name: "Entrega", level: 2, exact: true }).waitFor()
      await expect.poll(() => tab.getByText(/Cupom BEMVINDO10 aplicado/).count()).toBe(1)
      await tab.getByRole("button", { name: "Continuar para o pagamento" }).click()
      const paymentHeading = tab.getByRole("heading", { name: "Pagamento", level: 2, exact: true })
      await paymentHeading.waitFor()
      expect(await tab.getByTestId("summary-total").innerText()).toBe(total)

      await tab.reload()
      await paymentHeading.waitFor()
      await expect.poll(() => tab.getByTestId("summary-discount").count()).toBe(1)
      expect(await tab.getByTestId("summary-discount").innerText()).toBe(discount)
      expect(await tab.getByTestId("summary-total").innerText()).toBe(total)

      await fillCardOf(tab, "APRO")
      await reviewAndPayOf(tab)
      await tab.waitForURL((u) => u.pathname === "/payment-success")
      const orderId = new URL(tab.url()).searchParams.get("pedido") ?? ""
      const client = new pg.Client({ connectionString: database.target.url })
      await client.connect()
      const { rows } = await client.query("select coupon_code, discount_cents from orders where id = $1", [
        orderId,
      ])
      const { rows: kept } = await client.query("select code from cart_coupons")
      await client.end()
      expect(rows).toEqual([{ coupon_code: "BEMVINDO10", discount_cents: Math.round(reais(discount) * 100) }])
      // Used by the order: no tab prices with it any more.
      expect(kept).toEqual([])
    } finally {
      await tab.close()
    }
  })
})
