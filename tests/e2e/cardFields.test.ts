import type { Browser, Page } from "playwright"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { startFakeViaCep } from "../fakes/fakeViaCep"
import { startFakeMercadoPago } from "../fakes/mercadopago/fakeMercadoPago"
import { axeFindings } from "../support/axe"
import { launchBrowser } from "../support/browser"
import { checkoutToPayment, fillCard, fillCart, reviewAndPay } from "../support/checkout"
import { createVerifiedAccount } from "../support/mailbox"
import { firstCharacterPath, signIn } from "../support/pages"
import { type RunningServer, startServer } from "../support/server"

/**
 * The card form through the card fields contract, in Chromium: offline the sandbox's inputs sit in the
 * containers Mercado Pago's Secure Fields would fill, and pay at a desktop's and a phone's width; with Mercado
 * Pago configured the page holds no card input of its own, only the containers.
 */

let sandbox: RunningServer
let configured: RunningServer
let browser: Browser
let viaCep: Awaited<ReturnType<typeof startFakeViaCep>>
let mercadoPago: Awaited<ReturnType<typeof startFakeMercadoPago>>

beforeAll(async () => {
  viaCep = await startFakeViaCep()
  mercadoPago = await startFakeMercadoPago()
  ;[sandbox, configured, browser] = await Promise.all([
    startServer({ NODE_ENV: "test", VIACEP_URL: viaCep.baseUrl }),
    startServer({
      NODE_ENV: "test",
      VIACEP_URL: viaCep.baseUrl,
      MERCADOPAGO_ACCESS_TOKEN: mercadoPago.accessToken,
      MERCADOPAGO_PUBLIC_KEY: "TEST-0000aaaa-1111-2222-3333-444455556666",
      MERCADOPAGO_WEBHOOK_SECRET: "segredo-de-teste-1234567890",
      MERCADOPAGO_BASE_URL: mercadoPago.baseUrl,
      // A store charging through Mercado Pago runs on the real clock.
      STORE_CLOCK_START: undefined,
    }),
    launchBrowser(),
  ])
}, 180_000)

afterAll(async () => {
  await browser?.close()
  await Promise.all([sandbox?.stop(), configured?.stop()])
  await Promise.all([viaCep?.close(), mercadoPago?.close()])
})

/** A signed-in customer of their own at the given width, recording console errors and the page's layout shifts. */
async function customerAt(server: RunningServer, width: number, email: string) {
  await createVerifiedAccount(server.url, "Bruna Lopes", email, "Bruna12345")
  const context = await browser.newContext({
    locale: "pt-BR",
    viewport: { width, height: width < 500 ? 844 : 900 },
  })
  // Every layout shift not caused by the customer's input, with what moved, for web-vitals' CLS.
  await context.addInitScript(() => {
    const w = window as unknown as { __shifts: { value: number; at: number; moved: string[] }[] }
    w.__shifts = []
    const describe = (node: Node | null) => {
      const el = node as HTMLElement | null
      return el?.tagName ? `${el.tagName.toLowerCase()}#${el.id}.${String(el.className).slice(0, 60)}` : "?"
    }
    new PerformanceObserver((list) => {
      type Shift = {
        value: number
        startTime: number
        hadRecentInput: boolean
        sources?: { node: Node | null }[]
      }
      for (const entry of list.getEntries() as unknown as Shift[])
        if (!entry.hadRecentInput)
          w.__shifts.push({
            value: entry.value,
            at: entry.startTime,
            moved: (entry.sources ?? []).map((s) => describe(s.node)),
          })
    }).observe({ type: "layout-shift", buffered: true })
  })
  const page = await context.newPage()
  const errors: string[] = []
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()))
  page.on("pageerror", (e) => errors.push(e.message))
  await signIn(page, server.url, email, "Bruna12345")
  await page.waitForURL((u) => !u.pathname.startsWith("/auth"))
  const productId = (await firstCharacterPath(server.url)).split("/").pop() ?? ""
  await fillCart(page, productId)
  return { page, errors }
}

/** Forgets the shifts so far: what follows (the payment step) is measured on its own. */
const forgetShifts = (page: Page) =>
  page.evaluate(() => {
    ;(window as unknown as { __shifts: unknown[] }).__shifts = []
  })

/**
 * Cumulative Layout Shift as web-vitals counts it: the largest session window of shifts (each less than 1 s
 * after the last, 5 s at most). Logs what moved when it is over the bar.
 */
async function layoutShift(page: Page) {
  const shifts = await page.evaluate(
    () => (window as unknown as { __shifts: { value: number; at: number; moved: string[] }[] }).__shifts,
  )
  let worst = 0
  let current = 0
  let first = -Infinity
  let last = -Infinity
  for (const shift of shifts) {
    if (shift.at - last > 1000 || shift.at - first > 5000) {
      current = 0
      first = shift.at
    }
    current += shift.value
    last = shift.at
    worst = Math.max(worst, current)
  }
  if (worst >= 0.1) console.log(JSON.stringify(shifts, null, 1))
  return worst
}

/** Each container's and the holder input's height: the fields take the place and size the inputs had. */
async function heights(page: Page) {
  return page.evaluate(() => {
    const height = (selector: string) => document.querySelector(selector)?.getBoundingClientRect().height ?? 0
    return {
      number: height("[data-card-field='number']"),
      expiry: height("[data-card-field='expiry']"),
      securityCode: height("[data-card-field='securityCode']"),
      holder: height("input[autocomplete='cc-name']"),
    }
  })
}

describe("card fields, offline sandbox", () => {
  it.each([
    [1280, "cartao-desktop@example.com"],
    [390, "cartao-celular@example.com"],
  ])(
    "at %i px the card is typed in the fields' containers and paid, with no console error",
    async (width, email) => {
      const { page, errors } = await customerAt(sandbox, width, email)
      await checkoutToPayment(page, sandbox.url, "Bruna Lopes", "/checkout", forgetShifts)
      // The sandbox's inputs are the fields' own, inside the containers, named by the same labels.
      const number = page.getByLabel("Número do cartão")
      await number.waitFor()
      expect(
        await number.evaluate((el) => el.closest("[data-card-field]")?.getAttribute("data-card-field")),
      ).toBe("number")
      const sizes = await heights(page)
      expect(sizes.holder).toBeGreaterThan(0)
      expect(sizes).toEqual({
        number: sizes.holder,
        expiry: sizes.holder,
        securityCode: sizes.holder,
        holder: sizes.holder,
      })

      // A wrong number is said under its field, in pt-BR, once the customer leaves it.
      await number.fill("5031433215406352")
      await page.getByLabel("Nome impresso no cartão").click()
      await expect.poll(() => page.getByText("Número do cartão inválido", { exact: true }).count()).toBe(1)
      // The input is tied to its error as the store's own inputs are, and axe finds nothing serious.
      expect(await number.getAttribute("aria-invalid")).toBe("true")
      const describedBy = (await number.getAttribute("aria-describedby")) ?? "missing"
      expect(await page.locator(`[id='${describedBy}']`).innerText()).toContain("Número do cartão inválido")
      expect(await axeFindings(page)).toEqual([])

      await fillCard(page, "APRO")
      expect(await number.getAttribute("aria-invalid")).toBeNull()
      // The payment step, from its first paint with the fields arriving to the card typed: CLS under 0.1.
      expect(await layoutShift(page)).toBeLessThan(0.1)
      expect(await number.inputValue()).toBe("5031 4332 1540 6351")
      expect(await page.getByLabel("Validade (MM/AA)").inputValue()).toBe("11/30")
      await reviewAndPay(page)
      await page.waitForURL("**/payment-success?pedido=*")
      await expect.poll(() => page.locator("h1").innerText()).toBe("Pagamento aprovado!")
      expect(errors).toEqual([])
      await page.context().close()
    },
    120_000,
  )

  it("a refused card comes back with what was typed: only the holder changes, and the order is paid", async () => {
    const { page, errors } = await customerAt(sandbox, 1280, "cartao-recusado@example.com")
    await checkoutToPayment(page, sandbox.url, "Bruna Lopes")
    await fillCard(page, "OTHE")
    await reviewAndPay(page)
    await page.getByRole("heading", { name: "Pagamento", level: 2, exact: true }).waitFor()
    const alert = page.getByRole("alert").filter({ hasText: "Erro no pagamento" })
    await expect.poll(() => alert.innerText()).toContain("O banco emissor recusou o pagamento")
    expect(await page.getByLabel("Número do cartão").inputValue()).toBe("5031 4332 1540 6351")
    await page.getByLabel("Nome impresso no cartão").fill("APRO")
    await reviewAndPay(page)
    await page.waitForURL("**/payment-success?pedido=*")
    await expect.poll(() => page.locator("h1").innerText()).toBe("Pagamento aprovado!")
    expect(errors).toEqual([])
    await page.context().close()
  }, 120_000)
})

describe("card fields, Mercado Pago configured", () => {
  it("the checkout has no card input of its own, only the containers; MercadoPago.js unreachable says so in pt-BR", async () => {
    const { page } = await customerAt(configured, 390, "cartao-mp@example.com")
    // Offline as the test machine is, and whatever network it has: Mercado Pago's scripts cannot be loaded.
    await page.route(/^https:\/\/([a-z0-9-]+\.)*mercadopago\.com\//, (route) => route.abort())
    await checkoutToPayment(page, configured.url, "Bruna Lopes")
    await expect
      .poll(() =>
        page.getByRole("alert").filter({ hasText: "Erro ao carregar sistema de pagamento" }).count(),
      )
      .toBe(1)
    const own = await page.evaluate(() =>
      ["cc-number", "cc-exp", "cc-csc"].map(
        (autocomplete) => document.querySelectorAll(`input[autocomplete='${autocomplete}']`).length,
      ),
    )
    expect(own).toEqual([0, 0, 0])
    expect(await page.locator("[data-card-field]").count()).toBe(3)
    expect(await page.locator("[data-card-field] input").count()).toBe(0)
    // The containers keep an input's height, so the frames arriving would move nothing.
    const sizes = await heights(page)
    expect(sizes.number).toBe(sizes.holder)
    expect(sizes.securityCode).toBe(sizes.holder)
    // No sandbox note: this store charges for real.
    expect(await page.getByText("Ambiente de testes: nenhum valor é cobrado").count()).toBe(0)
    // The installment table still comes from Mercado Pago, through the store's server.
    await expect.poll(() => page.getByText("Carregando parcelas...").count()).toBe(0)
    await page.context().close()
  }, 120_000)
})
