import type { Page } from "playwright"
import { expect } from "vitest"
import { createVerifiedAccount } from "../../support/mailbox"
import { currentCharacterPaths, go } from "../../support/pages"
import { placeOrder } from "../../support/purchase"
import type { AdminWorld, Person } from "../admin/world"

const TIAGO: Person = { name: "Tiago Rocha", email: "tiago@example.com", password: "Tiago12345" }
const BRUNA: Person = { name: "Bruna Alves", email: "bruna@example.com", password: "Bruna12345" }

/** Reloads /trocas on the tab until the event dispatcher has given the collector their piece. */
async function myPieceIds(page: Page, baseUrl: string) {
  for (let i = 0; i < 40; i++) {
    await go(page, baseUrl, "/trocas")
    await page.getByRole("tab", { name: "Minhas peças" }).click()
    const ids = await page
      .locator("li[data-piece]")
      .evaluateAll((els) => els.map((e) => e.getAttribute("data-piece")))
    if (ids.length > 0) return ids as string[]
    await page.waitForTimeout(500)
  }
  throw new Error("the piece never reached the collector")
}

const tradeCard = (page: Page) => page.locator("li[data-trade]").first()

/** Two collectors who bought in the sandbox trade their pieces: offer, accept, both confirm, ownership swaps. */
export async function tradeJourney(world: AdminWorld) {
  const url = world.server.url
  // Two different characters of this month: a piece is never traded for the same character.
  const [tiagoProduct = "", brunaProduct = ""] = (await currentCharacterPaths(url)).map(
    (p) => p.split("/").pop() ?? "",
  )
  for (const who of [TIAGO, BRUNA]) await createVerifiedAccount(url, who.name, who.email, who.password)
  const tiago = await world.signedIn(TIAGO)
  const bruna = await world.signedIn(BRUNA)
  await placeOrder(tiago, url, tiagoProduct)
  await placeOrder(bruna, url, brunaProduct)
  const [tiagoPiece] = await myPieceIds(tiago, url)
  const [brunaPiece] = await myPieceIds(bruna, url)
  if (!tiagoPiece || !brunaPiece) throw new Error("no pieces")

  // Bruna marks her piece for trade and shares its link.
  await bruna.locator(`li[data-piece="${brunaPiece}"]`).getByLabel("Disponível para troca").click()
  const link = bruna.locator(`li[data-piece="${brunaPiece}"]`).getByRole("link", { name: "Link da troca" })
  await link.waitFor()
  const offerPath = (await link.getAttribute("href")) ?? ""

  // Tiago offers his piece for it from /trocas/nova.
  await go(tiago, url, offerPath)
  await tiago.getByRole("button", { name: "Propor troca" }).click()
  const dialog = tiago.locator("dialog[open]")
  await dialog.locator(`input[value="${tiagoPiece}"]`).check()
  await dialog.getByLabel("Mensagem (opcional)").fill("Troco pela sua, topa?")
  await dialog.getByRole("button", { name: "Enviar proposta" }).click()
  await tiago.waitForURL("**/trocas")
  await tiago.getByRole("tab", { name: /Enviadas/ }).click()
  await tradeCard(tiago).getByText("Pendente").waitFor()

  // Bruna accepts and confirms; Tiago confirms last, which completes the trade.
  await go(bruna, url, "/trocas")
  await tradeCard(bruna).getByText("Troco pela sua, topa?").waitFor()
  await tradeCard(bruna).getByRole("button", { name: "Aceitar" }).click()
  await tradeCard(bruna).getByRole("button", { name: "Confirmar troca" }).click()
  await tradeCard(bruna).getByText("Você confirmou", { exact: false }).waitFor()
  await go(tiago, url, "/trocas")
  await tiago.getByRole("tab", { name: /Enviadas/ }).click()
  await tradeCard(tiago).getByRole("button", { name: "Confirmar troca" }).click()
  await tradeCard(tiago).getByText("Concluída").waitFor()

  // Each now holds the other's piece.
  expect(await myPieceIds(tiago, url)).toEqual([brunaPiece])
  expect(await myPieceIds(bruna, url)).toEqual([tiagoPiece])
  await tiago.context().close()
  await bruna.context().close()
}
