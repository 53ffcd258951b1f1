import { expect } from "vitest"
import { downloadedText } from "../../support/browser"
import { firstCharacterPath, go, h1 } from "../../support/pages"
import { placeOrder } from "../../support/purchase"
import { ADMIN, type AdminWorld, CUSTOMER } from "./world"

/**
 * The customer pays one order by card; the administrator opens the reports, sees it in the revenue chart and
 * its table, groups by month, and downloads the sales CSV with that order's row.
 */
export async function reportsJourney(world: AdminWorld) {
  const customer = await world.signedIn(CUSTOMER)
  const productId = (await firstCharacterPath(world.server.url)).split("/").pop() ?? ""
  await placeOrder(customer, world.server.url, productId)
  await customer.context().close()

  const admin = await world.signedIn(ADMIN)
  await go(admin, world.server.url, "/admin/sales-reports")
  await admin.waitForURL("**/admin/reports")
  await expect.poll(() => h1(admin)).toBe("Relatórios")
  const sales = admin.locator("#report-sales")
  // Today's paid orders (this one, and any other journey's): the server-rendered table counts them on one day.
  const orders = (await sales.locator("tbody td:nth-child(2)").allInnerTexts()).map(Number)
  expect(orders.filter((n) => n > 0)).toHaveLength(1)
  await admin.locator("[data-chart=ready] canvas").first().waitFor()
  expect(await admin.getByRole("img", { name: /Gráfico de receita/ }).count()).toBe(1)
  const days = await sales.locator("tbody tr").count()
  expect(days).toBe(30)

  await admin.getByLabel("Agrupar por").selectOption("month")
  await admin.getByRole("button", { name: "Aplicar" }).click()
  await admin.waitForURL(/grouping=month/)
  await expect.poll(() => sales.locator("tbody tr").count()).toBeLessThanOrEqual(2)
  await expect.poll(() => sales.locator("caption").innerText()).toBe("Receita por mês")
  await admin.locator("[data-chart=ready] canvas").first().waitFor()

  const [download] = await Promise.all([
    admin.waitForEvent("download"),
    admin
      .getByRole("region", { name: "Receita por período" })
      .getByRole("link", { name: "Exportar CSV" })
      .click(),
  ])
  expect(download.suggestedFilename()).toMatch(
    /^relatorio-vendas-\d{4}-\d{2}-\d{2}-a-\d{4}-\d{2}-\d{2}\.csv$/,
  )
  const csv = await downloadedText(download)
  const [header, ...rows] = csv
    .replace(/^\uFEFF/, "")
    .trimEnd()
    .split("\r\n")
  expect(header).toBe(
    "Período;Pedidos pagos;Receita de pedidos (R$);Cobranças de assinatura;Receita de assinaturas (R$);Receita total (R$);Descontos (R$);Reembolsos (R$);Receita líquida (R$);Ticket médio (R$)",
  )
  expect(rows.some((row) => /^\d{2}\/\d{4};[1-9]\d*;\d+,\d{2};/.test(row))).toBe(true)
  await admin.context().close()
}
