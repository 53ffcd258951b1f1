import type { Page } from "playwright"
import { expect } from "vitest"
import { firstCharacterPath, go } from "../../support/pages"
import { placeOrder } from "../../support/purchase"
import { type AdminWorld, CUSTOMER } from "../admin/world"

/** Reloads /missions until the event dispatcher has credited the purchase and the mission is complete. */
async function missionCard(page: Page, baseUrl: string, code: string, text: string) {
  for (let i = 0; i < 40; i++) {
    await go(page, baseUrl, "/missions")
    const card = page.locator(`[data-mission="${code}"]`)
    if (await card.getByText(text).count()) return card
    await page.waitForTimeout(500)
  }
  throw new Error(`mission ${code} never showed "${text}"`)
}

/** A customer buys a character in the sandbox; the month's purchase mission completes and is redeemed once. */
export async function missionsJourney(world: AdminWorld) {
  const visitor = await world.browser.newPage()
  await go(visitor, world.server.url, "/missions")
  await visitor.getByRole("heading", { name: "Acesso Negado" }).waitFor()
  const signIn = visitor.getByRole("alert").getByRole("link", { name: "Entrar" })
  expect(await signIn.getAttribute("href")).toBe("/auth/login?from=%2Fmissions")
  await visitor.close()

  const productId = (await firstCharacterPath(world.server.url)).split("/").pop() ?? ""
  const page = await world.signedIn(CUSTOMER)
  await placeOrder(page, world.server.url, productId)

  const card = await missionCard(page, world.server.url, "monthly_purchase", "Resgatar Recompensa")
  expect(await card.getByText(/^Expira em/).count()).toBe(1)
  const xpBefore = Number((await page.getByTestId("summary-XP total").innerText()).replace(/\D/g, ""))
  await card.getByRole("button", { name: "Resgatar Recompensa" }).click()
  await card.getByText("Recompensa Resgatada").waitFor()
  await expect
    .poll(async () => Number((await page.getByTestId("summary-XP total").innerText()).replace(/\D/g, "")))
    .toBe(xpBefore + 100)

  // Stored on the server: the reload shows it redeemed, with the XP kept.
  await go(page, world.server.url, "/missions")
  const again = page.locator('[data-mission="monthly_purchase"]')
  await again.getByText("Recompensa Resgatada").waitFor()
  expect(await again.getByRole("button", { name: "Resgatar Recompensa" }).count()).toBe(0)
  expect(Number((await page.getByTestId("summary-XP total").innerText()).replace(/\D/g, ""))).toBe(
    xpBefore + 100,
  )
  await page.getByRole("tab", { name: "Emblemas" }).click()
  await page.locator('li[data-unlocked="true"]', { hasText: "Primeira Compra" }).waitFor()

  await go(page, world.server.url, "/achievements")
  await page.getByRole("heading", { name: "Conquistas", level: 1 }).waitFor()
  await page.locator('li[data-unlocked="true"]', { hasText: "Início da Jornada" }).waitFor()
  await page.context().close()
}
