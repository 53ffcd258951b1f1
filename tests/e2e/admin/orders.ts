import type { Page } from "playwright"
import { expect } from "vitest"
import { downloadedText } from "../../support/browser"
import { firstCharacterPath, go } from "../../support/pages"
import { placeOrder } from "../../support/purchase"
import { ADMIN, type AdminWorld, CUSTOMER } from "./world"

/**
 * Order administration: a customer pays by card in the sandbox; the administrator finds the order by
 * its number, starts production, marks it produced and ships it with a tracking code, sees each step in the
 * audit log, and exports the CSV; customers and visitors are refused.
 */

/** Opens the confirmation of `button`, fills what it asks, confirms, and waits for the toast. */
async function act(
  page: Page,
  button: string,
  toast: string,
  fill?: (dialog: ReturnType<Page["locator"]>) => Promise<void>,
) {
  await page.getByRole("button", { name: button, exact: true }).click()
  const dialog = page.locator("dialog[open]")
  await dialog.waitFor()
  await fill?.(dialog)
  await dialog.getByRole("button", { name: button, exact: true }).click()
  await page.locator("[data-sonner-toast]", { hasText: toast }).waitFor()
  await dialog.waitFor({ state: "detached" }).catch(() => undefined)
  await expect.poll(() => page.locator("dialog[open]").count()).toBe(0)
}

/** From the customer's payment to the shipment, audited, and the CSV. */
export async function ordersFromPaymentToShipmentJourney(world: AdminWorld) {
  const productId = (await firstCharacterPath(world.server.url)).split("/").pop() ?? ""
  const customer = await world.signedIn(CUSTOMER)
  const { number } = await placeOrder(customer, world.server.url, productId)
  expect(number).toMatch(/^LG-\d{4}-\d{6}$/)

  const admin = await world.signedIn(ADMIN)
  await go(admin, world.server.url, "/admin")
  await admin.getByRole("link", { name: "Pedidos", exact: true }).first().click()
  await admin.waitForURL("**/admin/orders")
  await admin.getByLabel("Buscar").fill(number.toLowerCase())
  await admin.getByRole("button", { name: "Filtrar" }).click()
  await admin.waitForURL((u) => u.searchParams.get("q") === number.toLowerCase())
  await expect.poll(() => admin.getByText("1 pedido · página 1 de 1").count()).toBe(1)
  await admin.getByRole("link", { name: number }).click()
  await admin.waitForURL("**/admin/orders/*")
  await expect.poll(() => admin.locator("h1").innerText()).toBe(`Pedido ${number}`)
  const trail = await admin.getByRole("navigation", { name: "Você está em" }).innerText()
  expect(trail.replace(/\s+/g, " ")).toContain(`Pedidos ${number}`)
  expect(await admin.getByRole("region", { name: "Cliente e entrega" }).innerText()).toContain(CUSTOMER.email)
  expect(await admin.getByRole("region", { name: "Pagamentos" }).innerText()).toContain("Aprovado")

  await act(admin, "Iniciar produção", "Produção iniciada!")
  await act(admin, "Marcar como produzido", "Pedido marcado como produzido!")
  await act(admin, "Enviar pedido", "Pedido enviado!", async (dialog) => {
    await dialog.getByLabel("Código de rastreamento da transportadora").fill("qb123456789br")
  })
  const shipment = admin.getByRole("region", { name: "Envio" })
  await expect.poll(() => shipment.innerText()).toContain("QB123456789BR")
  const audit = await admin.getByRole("region", { name: "Histórico de ações" }).innerText()
  for (const step of ["Produção iniciada", "Marcado como produzido", "Pedido enviado"])
    expect(audit).toContain(step)
  expect(audit).toContain(ADMIN.email)
  expect(await admin.getByRole("button", { name: "Iniciar produção" }).count()).toBe(0)

  // The carrier's code finds the order too; the CSV is the filtered list.
  await go(admin, world.server.url, "/admin/orders?q=QB123456789BR")
  await admin.getByRole("link", { name: number }).waitFor()
  const [download] = await Promise.all([
    admin.waitForEvent("download"),
    admin.getByRole("link", { name: "Exportar CSV" }).click(),
  ])
  expect(download.suggestedFilename()).toMatch(/^pedidos-\d{4}-\d{2}-\d{2}\.csv$/)
  const csv = await downloadedText(download)
  expect(csv.startsWith("\uFEFFNúmero;Data do pedido;")).toBe(true)
  const rows = csv.trim().split("\r\n")
  expect(rows).toHaveLength(2)
  expect(rows[1]).toContain(`${number};`)
  expect(rows[1]).toContain(";Postado;Cartão de crédito;")
  expect(rows[1]).toContain(";QB123456789BR")
  expect(rows[1]).toMatch(/;\d+,\d{2};São Paulo;SP;/)
}

/** Refuses the pages to a customer with the dashboard's words. */
export async function ordersRefusedToCustomerJourney(world: AdminWorld) {
  const customer = await world.signedIn(CUSTOMER)
  await go(customer, world.server.url, "/admin/orders")
  await expect
    .poll(() => customer.getByRole("alert").innerText())
    .toContain("Acesso negado. Esta área requer permissões administrativas.")
  const csv = await customer.evaluate(async () => (await fetch("/api/admin/orders.csv")).status)
  expect(csv).toBe(403)
}

/** Answers an unknown order with the store's not-found page and HTTP 404 to an administrator. */
export async function unknownOrderJourney(world: AdminWorld) {
  const admin = await world.signedIn(ADMIN)
  for (const id of ["xyz", "00000000-0000-4000-8000-000000000000"]) {
    const response = await admin.goto(`${world.server.url}/admin/orders/${id}`)
    expect(response?.status()).toBe(404)
    expect(await admin.locator("h1").innerText()).toBe("Pedido não encontrado")
    expect(await admin.title()).toBe("Pedido não encontrado | Legendarium")
  }
}

/** Refuses an order page to a visitor or a customer before telling whether the order exists. */
export async function orderPageRefusedJourney(world: AdminWorld) {
  const admin = await world.signedIn(ADMIN)
  await go(admin, world.server.url, "/admin/orders")
  const real = await admin.locator("a[href^='/admin/orders/']:not([href='/admin/orders/bulk'])").first()
  const realPath = (await real.getAttribute("href")) ?? ""
  expect(realPath).toMatch(/^\/admin\/orders\/[0-9a-f-]{36}$/)
  const customer = await world.signedIn(CUSTOMER)
  const seen: string[] = []
  for (const path of [realPath, "/admin/orders/xyz", "/admin/orders/00000000-0000-4000-8000-000000000000"]) {
    await go(customer, world.server.url, path)
    seen.push(await customer.locator("h1").innerText())
  }
  expect(seen).toEqual(Array(3).fill("Acesso negado. Esta área requer permissões administrativas."))
  // A visitor is sent to sign in first, remembering the page (spec 000 §6), whether or not the order exists.
  const visitor = await (await world.browser.newContext({ locale: "pt-BR" })).newPage()
  for (const path of [realPath, "/admin/orders/xyz"]) {
    await go(visitor, world.server.url, path)
    expect(new URL(visitor.url()).pathname).toBe("/auth/login")
    expect(new URL(visitor.url()).searchParams.get("from")).toBe(path)
  }
}
