import type { Locator, Page } from "playwright"
import { expect } from "vitest"
import { firstCharacterPath, go, h1, sendSignIn } from "../../support/pages"
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

/** Where a link of the invitation leads, and the page it brings the person back to. */
const target = async (invitation: Locator, name: string) => {
  const url = new URL(
    (await invitation.getByRole("link", { name, exact: true }).getAttribute("href")) ?? "",
    "http://x",
  )
  return { path: url.pathname, from: url.searchParams.get("from") }
}

/**
 * A visitor on a collector's own page is invited in and told what the page is for, under the spec's 'Acesso
 * Negado'; signing in from the invitation brings them back to the page.
 */
async function visitorInvited(world: AdminWorld) {
  const visitor = await world.browser.newPage({ locale: "pt-BR" })
  for (const [path, title] of [
    ["/missions", "Entre para ver suas missões"],
    ["/achievements", "Entre para ver suas conquistas"],
    ["/trocas", "Entre para ver e propor trocas"],
  ] as const) {
    await go(visitor, world.server.url, path)
    expect(await h1(visitor)).toBe(title)
    expect(await visitor.getByText("Acesso Negado", { exact: true }).count()).toBe(1)
    const invitation = visitor.getByRole("region", { name: title })
    expect(await target(invitation, "Entrar")).toEqual({ path: "/auth/login", from: path })
    expect(await target(invitation, "Criar conta")).toEqual({ path: "/auth/register", from: path })
  }
  await visitor.getByRole("region").getByRole("link", { name: "Entrar", exact: true }).click()
  await visitor.waitForURL("**/auth/login?**")
  await sendSignIn(visitor, CUSTOMER.email, CUSTOMER.password)
  await visitor.waitForURL((u) => u.pathname === "/trocas")
  await visitor.getByRole("heading", { name: "Trocas", exact: true }).waitFor()
  await visitor.close()
}

/** A customer buys a character in the sandbox; the month's purchase mission completes and is redeemed once. */
export async function missionsJourney(world: AdminWorld) {
  await visitorInvited(world)

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
