import type { Page } from "playwright"
import sharp from "sharp"
import { expect } from "vitest"
import { createVerifiedAccount } from "../../support/mailbox"
import { firstCharacterPath, go } from "../../support/pages"
import { placeOrder } from "../../support/purchase"
import type { AdminWorld } from "../admin/world"

const COLLECTOR = { name: "Rita Estante", email: "rita.estante@example.com", password: "Rita123456" }
const ITEM = "Cavaleiro de Pégaso 1987"
const MESSAGES =
  /Comece sua jornada de colecionador|Bom começo! Continue assim|Ótimo progresso! Metade concluída|Quase lá! Continue coletando|Coleção Completa! 🎉/

const tab = (page: Page, name: string) => page.getByRole("tab", { name, exact: true })

/**
 * A collector buys the month's character in the sandbox; it appears on their shelf and in 'Minha Coleção' with
 * 'Primeiro Personagem' and the progress message; they add a hand item with a photo, filter the shelf, favourite
 * another character and see the 'Comunidade' counts.
 */
export async function shelfJourney(world: AdminWorld) {
  const base = world.server.url
  await createVerifiedAccount(base, COLLECTOR.name, COLLECTOR.email, COLLECTOR.password)
  const page = await world.signedIn(COLLECTOR)
  const bought = (await firstCharacterPath(base)).split("/").pop() ?? ""
  await placeOrder(page, base, bought)

  // The ledger follows the payment event (the dispatcher): the tab is read again until the piece is there.
  await expect
    .poll(
      async () => {
        await go(page, base, "/perfil?tab=collection")
        await tab(page, "Conquistas").click()
        return page
          .getByTestId("achievement")
          .filter({ hasText: "Primeiro Personagem" })
          .first()
          .getAttribute("data-unlocked")
      },
      { timeout: 20_000, interval: 500 },
    )
    .toBe("true")
  await tab(page, "Coleções").click()
  await expect.poll(() => page.getByTestId("collection-progress").first().innerText()).toMatch(MESSAGES)

  await tab(page, "Estante").click()
  const entries = page.getByTestId("shelf-entry")
  await expect.poll(() => entries.count()).toBe(1)

  await page.getByRole("button", { name: "Adicionar Item" }).click()
  const form = page.getByRole("form", { name: "Adicionar item" })
  await form.getByLabel("Nome", { exact: true }).fill(ITEM)
  await form.getByLabel("Empresa", { exact: true }).fill("Bandai")
  await form.getByLabel("Categoria", { exact: true }).fill("Action figure")
  await form.getByLabel("Raridade", { exact: true }).selectOption("legendary")
  await form.getByLabel("Situação da empresa", { exact: true }).selectOption("fechada")
  await form.getByLabel("Valor estimado (R$)", { exact: true }).fill("450,00")
  await form.getByLabel("Notas pessoais", { exact: true }).fill("x".repeat(200))
  await form.getByRole("button", { name: "Adicionar" }).click()
  await form.getByText("As notas devem ter menos de 200 caracteres").waitFor()
  await form.getByLabel("Notas pessoais", { exact: true }).fill("Caixa original")
  await form.getByLabel("Foto (opcional)", { exact: true }).setInputFiles({
    name: "pegaso.png",
    mimeType: "image/png",
    buffer: await sharp({ create: { width: 900, height: 900, channels: 3, background: "#3355aa" } })
      .png()
      .toBuffer(),
  })
  await form.getByRole("button", { name: "Adicionar" }).click()
  await page.locator("[data-sonner-toast]", { hasText: "Item adicionado à estante!" }).waitFor()
  await expect.poll(() => entries.count()).toBe(2)
  await expect
    .poll(() => entries.filter({ hasText: ITEM }).locator("img").getAttribute("src"))
    .toMatch(/^\/media\/upload-.+\.jpeg$/)
  const shelf = page.getByTestId("shelf")
  expect(await shelf.locator("dl").first().innerText()).toMatch(/Fabricantes extintos\s*1/)

  await shelf.getByPlaceholder("Buscar...").fill("pegaso")
  await expect.poll(() => entries.count()).toBe(1)
  await shelf.getByPlaceholder("Buscar...").fill("nada com este nome")
  await shelf.getByText("Tente ajustar os filtros de busca").waitFor()
  await shelf.getByPlaceholder("Buscar...").fill("")
  await shelf.getByLabel("Empresa", { exact: true }).selectOption("Bandai")
  await expect.poll(() => entries.count()).toBe(1)

  // Another character of the catalogue: favourited, then counted in its 'Comunidade' tab.
  const html = await (await fetch(`${base}/colecoes`)).text()
  const other = [...html.matchAll(/href="\/character\/([0-9a-f-]+)"/g)]
    .map((m) => m[1])
    .find((id) => id !== bought)
  if (!other) throw new Error("no second character linked from /colecoes")
  await go(page, base, `/character/${other}`)
  await page.getByRole("button", { name: "Favoritar" }).click()
  await page.getByRole("button", { name: "Remover dos favoritos" }).waitFor()
  await tab(page, "Comunidade").click()
  // Other journeys share this server: at least this collector's heart, and their piece, are counted.
  await expect
    .poll(async () => Number(await page.getByTestId("community-wanting").innerText()))
    .toBeGreaterThanOrEqual(1)

  await go(page, base, `/character/${bought}`)
  await tab(page, "Comunidade").click()
  await expect
    .poll(async () => Number(await page.getByTestId("community-owners").innerText()))
    .toBeGreaterThanOrEqual(1)
  await page.context().close()
}
