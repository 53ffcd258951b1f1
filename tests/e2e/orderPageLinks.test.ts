import type pg from "pg"
import type { BrowserContext, Page } from "playwright"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { validCpf } from "../support/cpf"
import { postgresServerUrl } from "../support/databases"
import { firstCharacterPath, go } from "../support/pages"
import { adminPage, type PostgresStore, signedInPage, startPostgresStore } from "../support/postgresStore"
import type { RunningServer } from "../support/server"

/**
 * Every link of the customer's order page leads somewhere, in every state the order can be in: each state shows
 * its own cards and buttons (the PIX to pay, the tracking, the refund), and a link that only one state shows is
 * only found there. Orders are placed through the checkout's procedures and moved by an administrator's; the
 * file needs PostgreSQL (to make the administrator and give the customer an address).
 */

const EMAIL = "lia@example.com"
const PASSWORD = "LiaLinks123"

const databaseUrl = await postgresServerUrl()
if (!databaseUrl) console.warn("skipped: no PostgreSQL (set TEST_DATABASE_URL to run the order links test)")

let store: PostgresStore
let server: RunningServer
let sql: pg.Client
let context: BrowserContext
let page: Page
let admin: Page
let productId: string
let addressId: string
const cpf = validCpf(4242)

type Payment = "pix" | "boleto" | { holder: "APRO" | "OTHE" }

beforeAll(async () => {
  if (!databaseUrl) return
  store = await startPostgresStore(databaseUrl)
  ;({ server, sql } = store)
  // Lia buys the month's numbered character once per state: no collector's limit in this store.
  await sql.query("update collection_products set collector_limit = null")
  page = await signedInPage(store, { name: "Lia Moraes", email: EMAIL, password: PASSWORD })
  context = page.context()
  admin = await adminPage(store)
  const { rows } = await sql.query(
    `insert into addresses (user_id, name, street, number, neighborhood, city, state, zip_code, is_default)
     select id, 'Lia Moraes', 'Avenida Paulista', '1578', 'Bela Vista', 'São Paulo', 'SP', '01310100', true
     from auth_user where email = $1 returning id`,
    [EMAIL],
  )
  addressId = rows[0].id
  productId = (await firstCharacterPath(server.url)).split("/").pop() ?? ""
})

afterAll(async () => {
  await store?.stop()
})

/** A tRPC mutation from a signed-in page, as its own screens send it. */
async function mutate(on: Page, path: string, input: Record<string, unknown>) {
  const answer = await on.evaluate(
    async ({ path, input }) => {
      const res = await fetch(`/api/trpc/${path}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ json: input }),
      })
      return { status: res.status, body: await res.text() }
    },
    { path, input },
  )
  expect(answer.status, `${path}: ${answer.body}`).toBe(200)
  return (JSON.parse(answer.body) as { result: { data: { json: unknown } } }).result.data.json
}

/** Lia orders one unit of the month's character, paying as asked (the card's holder picks the sandbox's answer). */
async function placeOrder(payment: Payment): Promise<string> {
  await sql.query(
    `insert into cart_items (user_id, product_id, quantity)
     select id, $2, 1 from auth_user where email = $1
     on conflict do nothing`,
    [EMAIL, productId],
  )
  const method =
    typeof payment === "string"
      ? { method: payment }
      : {
          method: "card",
          card: { ...(await cardToken(payment.holder)), installments: 1, issuerId: null },
        }
  const placed = (await mutate(page, "checkout.placeOrder", {
    addressId,
    shippingOptionId: null,
    couponCode: null,
    idempotencyKey: crypto.randomUUID(),
    cpf,
    payment: method,
  })) as { id: string }
  return placed.id
}

async function cardToken(holder: string) {
  const token = await page.evaluate(
    async ({ holder, cpf }) =>
      (await (
        await fetch("/sandbox/card-tokens", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({
            cardNumber: "5031 4332 1540 6351",
            cardholderName: holder,
            cardExpirationMonth: "11",
            cardExpirationYear: "30",
            securityCode: "123",
            identificationType: "CPF",
            identificationNumber: cpf,
          }),
        })
      ).json()) as { id: string; payment_method_id: string },
    { holder, cpf },
  )
  return { token: token.id, paymentMethodId: token.payment_method_id }
}

const adminDoes = (procedure: string, orderId: string, input: Record<string, unknown> = {}) =>
  mutate(admin, `admin.orders.${procedure}`, { orderId, actionKey: crypto.randomUUID(), ...input })

const advance = async (orderId: string, ...steps: string[]) => {
  for (const step of steps) await adminDoes("advance", orderId, { step })
}

/** How an order reaches each state the order page shows, from a fresh order, and the status the page says. */
const STATES: ReadonlyArray<readonly [string, string, () => Promise<string>]> = [
  ["aguardando o PIX", "Aguardando pagamento", () => placeOrder("pix")],
  ["aguardando o boleto", "Aguardando pagamento", () => placeOrder("boleto")],
  ["cartão recusado", "Pagamento recusado", () => placeOrder({ holder: "OTHE" })],
  ["pago", "Pedido confirmado", () => placeOrder({ holder: "APRO" })],
  [
    "em produção",
    "Em produção",
    async () => {
      const id = await placeOrder({ holder: "APRO" })
      await advance(id, "start_production")
      return id
    },
  ],
  [
    "enviado",
    "Postado",
    async () => {
      const id = await placeOrder({ holder: "APRO" })
      await advance(id, "start_production", "mark_produced")
      await adminDoes("ship", id, { carrier: "Correios", service: "SEDEX", trackingCode: "AA123456789BR" })
      return id
    },
  ],
  [
    "entregue",
    "Entregue",
    async () => {
      const id = await placeOrder({ holder: "APRO" })
      await advance(id, "start_production", "mark_produced")
      await adminDoes("ship", id, { carrier: "Jadlog", service: "Expresso", trackingCode: "JD000000001" })
      await advance(id, "mark_in_transit", "mark_delivered")
      return id
    },
  ],
  [
    // An administrator's cancellation of a paid order refunds it at once: 'Cancelado' lasts only until the
    // gateway answers, so the page is checked in the state it settles in, with both steps on its timeline.
    "cancelado e reembolsado",
    "Reembolsado",
    async () => {
      const id = await placeOrder({ holder: "APRO" })
      await adminDoes("cancel", id)
      return id
    },
  ],
  [
    "expirado",
    "Expirado",
    async () => {
      const id = await placeOrder("pix")
      // Its PIX unpaid past the deadline (the store's clock runs from its own day, so long past): the store's
      // expiry job, every minute, ends it.
      await sql.query("update orders set pay_by = '2001-01-01T00:00:00Z' where id = $1", [id])
      return id
    },
  ],
  [
    "reembolsado",
    "Reembolsado",
    async () => {
      const id = await placeOrder({ holder: "APRO" })
      await adminDoes("refund", id, { amount: null, note: "Peça com defeito de fábrica." })
      return id
    },
  ],
]

/** Every link on the page as the browser resolved it, with its text (for the failure message). */
const linksOn = (on: Page) =>
  on
    .locator("a[href]")
    .evaluateAll((anchors) =>
      anchors.map((a) => ({ href: (a as HTMLAnchorElement).href, text: a.textContent?.trim() ?? "" })),
    )

describe.skipIf(!databaseUrl)("the order page's links", () => {
  it.each(STATES)("lead somewhere when the order is %s", { timeout: 150_000 }, async (_, status, reach) => {
    const orderId = await reach()
    // A refund (made by the events after the administrator's action) and an expiry (by a job) take a moment.
    await expect
      .poll(
        async () => {
          await go(page, server.url, `/perfil/pedidos/${orderId}`)
          return page.getByTestId("order-status").innerText()
        },
        { timeout: 80_000, interval: 2_000 },
      )
      .toBe(status)
    const links = await linksOn(page)
    expect(links.length).toBeGreaterThan(0)
    const broken: string[] = []
    for (const link of new Map(links.map((l) => [l.href, l])).values()) {
      const url = new URL(link.href)
      // mailto: and tel: open the reader's own apps.
      if (url.protocol !== "http:" && url.protocol !== "https:") continue
      if (url.origin !== new URL(server.url).origin) {
        // Outside the store (a carrier's site): not fetched offline, but a web address.
        expect(url.protocol, link.href).toBe("https:")
        continue
      }
      const res = await context.request.get(link.href, { maxRedirects: 5 })
      if (res.status() === 404 || res.status() >= 500)
        broken.push(`${res.status()} ${url.pathname}${url.search} ("${link.text}")`)
    }
    expect(broken).toEqual([])
  })

  it("breadcrumbs: 'Pedidos' is no link to a page that does not exist", async () => {
    const orderId = await placeOrder("pix")
    await go(page, server.url, `/perfil/pedidos/${orderId}`)
    const trail = page.getByRole("navigation", { name: "Você está em" })
    await trail.waitFor()
    expect(await trail.innerText()).toContain("Pedidos")
    for (const { href } of await linksOn(page)) expect(new URL(href).pathname).not.toBe("/perfil/pedidos")
  })
})
