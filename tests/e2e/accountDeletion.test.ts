import type pg from "pg"
import type { Page } from "playwright"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { DELETION_OUTCOME_TEXT } from "../../domain/accounts/accountDeletion"
import { checkoutToPayment, fillCard, fillCart, reviewAndPay } from "../support/checkout"
import { postgresServerUrl } from "../support/databases"
import { latestEmailLinks } from "../support/mailbox"
import { firstCharacterPath, go } from "../support/pages"
import { type PostgresStore, signedInPage, startPostgresStore } from "../support/postgresStore"
import type { RunningServer } from "../support/server"

/**
 * A collector deletes her account with a paid order not yet in production, in Chromium: the privacy tab lists
 * the order and what will happen to it before the password is asked; afterwards the order is cancelled with its
 * refund, its unit back in the edition, and the dev mailbox holds the last e-mail. Needs PostgreSQL.
 */
const EMAIL = "irene@example.com"
const PASSWORD = "Irene12345"

const databaseUrl = await postgresServerUrl()
if (!databaseUrl) console.warn("skipped: no PostgreSQL (set TEST_DATABASE_URL to run the deletion journey)")

let store: PostgresStore
let server: RunningServer
let sql: pg.Client
let page: Page

beforeAll(async () => {
  if (!databaseUrl) return
  store = await startPostgresStore(databaseUrl)
  ;({ server, sql } = store)
  page = await signedInPage(store, { name: "Irene Prado", email: EMAIL, password: PASSWORD })
})

afterAll(async () => {
  await store?.stop()
})

describe.skipIf(!databaseUrl)("deleting an account with an open order", () => {
  it("shows the order's fate before the password, then cancels it, returns its unit and says goodbye", async () => {
    const productId = (await firstCharacterPath(server.url)).split("/").pop() ?? ""
    await fillCart(page, productId)
    await checkoutToPayment(page, server.url, "Irene Prado")
    await fillCard(page, "APRO")
    await reviewAndPay(page)
    await page.waitForURL("**/payment-success?pedido=*")
    const orderId = new URL(page.url()).searchParams.get("pedido") ?? ""
    const number = (await sql.query("select number from orders where id = $1", [orderId])).rows[0].number
    const sold = async () =>
      (await sql.query("select edition_sold from collection_products where id = $1", [productId])).rows[0]
        .edition_sold as number
    await expect.poll(sold, { timeout: 20_000 }).toBeGreaterThan(0)
    const soldBefore = await sold()

    await go(page, server.url, "/perfil?tab=privacy")
    await page.getByRole("button", { name: "Excluir minha conta" }).click()
    const list = page.getByRole("list", { name: "Pedidos, assinaturas e trocas em aberto" })
    await expect
      .poll(() => list.innerText().catch(() => ""), { timeout: 10_000 })
      .toContain(`Pedido ${number}`)
    expect(await list.innerText()).toContain(DELETION_OUTCOME_TEXT.cancel_refund)
    expect(await page.getByLabel("Senha", { exact: true }).inputValue()).toBe("")

    await page.getByLabel("Senha", { exact: true }).fill(PASSWORD)
    await page.getByRole("button", { name: "Confirmar exclusão definitiva" }).click()
    await page.waitForURL((u) => u.pathname === "/", { timeout: 20_000 })

    const order = async () =>
      (await sql.query("select user_id, fulfilment_status from orders where id = $1", [orderId])).rows[0]
    await expect
      .poll(async () => (await order()).fulfilment_status, { timeout: 20_000 })
      .toMatch(/cancelled|refunded/)
    expect((await order()).user_id).toBeNull()
    await expect.poll(sold, { timeout: 20_000 }).toBe(soldBefore - 1)
    await latestEmailLinks(server.url, EMAIL, "Sua conta foi excluída")
    await page.goto(`${server.url}/dev/emails`)
    expect(await page.locator("body").innerText()).toContain("Sua conta foi excluída — Legendarium")
  }, 240_000)
})
