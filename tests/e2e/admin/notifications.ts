import { expect } from "vitest"
import { latestEmailLinks } from "../../support/mailbox"
import { firstCharacterPath, go, h1 } from "../../support/pages"
import { placeOrder } from "../../support/purchase"
import { ADMIN, type AdminWorld, CUSTOMER } from "./world"

/**
 * The administrator reads the e-mail log (the world's sign-up confirmations are there), sends an announcement
 * to every customer and sees how many it reached, the customer's e-mail arrives; and once the customer has paid
 * an order, /admin/payments lists the payment with a link to the order.
 */
export async function paymentsAndNotificationsJourney(world: AdminWorld) {
  const admin = await world.signedIn(ADMIN)
  await go(admin, world.server.url, "/admin/notifications")
  await expect.poll(() => h1(admin)).toBe("Notificações")
  const log = admin.getByRole("table")
  await expect.poll(() => log.innerText()).toContain(CUSTOMER.email)
  expect(await log.innerText()).toContain("Confirme")

  await admin.getByRole("tab", { name: "Comunicados" }).click()
  const title = `Aviso de manutenção ${Date.now()}`
  await admin.getByLabel("Título").fill(title)
  await admin.getByLabel("Mensagem").fill("A loja fica fora do ar domingo, das 2h às 4h.")
  await admin.getByLabel("Link (opcional)").fill("/colecoes")
  await admin.getByRole("button", { name: "Enviar comunicado" }).click()
  const sent = admin
    .getByRole("list", { name: "Comunicados enviados" })
    .getByRole("listitem")
    .filter({ hasText: title })
  // Every verified account of the world: the administrator, the moderator and the customer.
  await expect.poll(() => sent.innerText(), { timeout: 15_000 }).toContain("3 destinatários")
  await latestEmailLinks(world.server.url, CUSTOMER.email, title)

  const customer = await world.signedIn(CUSTOMER)
  const productId = (await firstCharacterPath(world.server.url)).split("/").pop() ?? ""
  const { number } = await placeOrder(customer, world.server.url, productId)
  await go(admin, world.server.url, `/admin/payments?q=${number}`)
  await expect.poll(() => h1(admin)).toBe("Pagamentos")
  const row = admin.getByRole("row").filter({ hasText: number })
  await expect.poll(() => row.innerText()).toContain("Aprovado")
  expect(await row.innerText()).toContain("Cartão de crédito")
  expect(await row.getByRole("link", { name: new RegExp(number) }).getAttribute("href")).toMatch(
    /^\/admin\/orders\//,
  )
  // Recurring charges have their own tab; this world has no subscription, so it says so.
  await admin.getByRole("tab", { name: "Cobranças de assinaturas" }).click()
  await expect
    .poll(() => admin.getByRole("tabpanel").innerText())
    .toContain("Nenhuma cobrança de assinatura encontrada.")
  await customer.context().close()
  await admin.context().close()
}
