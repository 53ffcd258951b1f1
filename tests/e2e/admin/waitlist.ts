import type { Page } from "playwright"
import { expect } from "vitest"
import { sandboxPageOn } from "../../support/checkout"
import { createVerifiedAccount, latestEmailLinks } from "../../support/mailbox"
import { currentCharacterPaths, go } from "../../support/pages"
import { placeOrder } from "../../support/purchase"
import { ADMIN, type AdminWorld, CUSTOMER, type Person } from "./world"

const WAITER: Person = { name: "Vera Espera", email: "vera.espera@example.com", password: "Vera123456" }

async function trpc<T>(page: Page, baseUrl: string, procedure: string, input: unknown, mutation = false) {
  const res = mutation
    ? await page.request.post(`${baseUrl}/api/trpc/${procedure}`, {
        data: { json: input },
        headers: { origin: baseUrl },
      })
    : await page.request.get(
        `${baseUrl}/api/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify({ json: input }))}`,
      )
  if (!res.ok()) throw new Error(`${procedure}: ${res.status()} ${await res.text()}`)
  return ((await res.json()) as { result: { data: { json: T } } }).result.data.json
}

/**
 * The waitlist in Chromium: an edition of one unit is sold out by a customer's PIX; a collector joins its
 * waitlist; the customer's PIX expires (the sandbox's expiry, answered by its webhook), the unit is offered to
 * the collector, whose e-mail arrives; they buy it within the window and pay with PIX, with its discount.
 */
export async function waitlistJourney(world: AdminWorld) {
  const url = world.server.url
  await createVerifiedAccount(url, WAITER.name, WAITER.email, WAITER.password)
  const admin = await world.signedIn(ADMIN)
  // The last collection's character of the month (the other journeys buy the first); a collection another
  // journey created has none.
  const productId = (await currentCharacterPaths(url, { skipEmpty: true })).at(-1)?.split("/").pop() ?? ""
  const { character } = await trpc<{ character: { name: string; collection: { id: string } } }>(
    admin,
    url,
    "catalog.character",
    { id: productId },
  )
  const products = await trpc<({ id: string; editionTaken: number } & Record<string, unknown>)[]>(
    admin,
    url,
    "admin.collections.products",
    { collectionId: character.collection.id },
  )
  const product = products.find((p) => p.id === productId)
  if (!product) throw new Error("the character is not in its collection's products")
  const { id: _id, slug: _slug, displayOrder: _order, editionTaken, ...draft } = product
  expect(editionTaken).toBe(0)
  await trpc(
    admin,
    url,
    "admin.collections.updateProduct",
    { id: productId, draft: { ...draft, editionSize: 1 } },
    true,
  )
  await admin.context().close()

  // The customer's PIX takes the only unit.
  const customer = await world.signedIn(CUSTOMER)
  await placeOrder(customer, url, productId, "pix")
  const pixPage =
    (await customer.getByRole("link", { name: "Abrir página do PIX" }).getAttribute("href")) ?? ""
  expect(pixPage).toContain("/sandbox/pagamentos/")
  // The order holds the unit now: it left the customer's cart.
  await expect.poll(() => customer.getByTestId("cart-badge").count()).toBe(0)

  // Sold out wherever the page says it, to visitors too (their cached page was dropped): no buy button, and
  // the structured data says so.
  const visitorPage = await (await fetch(`${url}/character/${productId}`)).text()
  expect(visitorPage).toContain("https://schema.org/SoldOut")
  expect(visitorPage).not.toContain("Comprar por")

  // The collector finds it sold out and joins the line.
  const waiter = await world.signedIn(WAITER)
  await go(waiter, url, `/character/${productId}`)
  expect(await waiter.getByRole("button", { name: "Esgotado" }).isDisabled()).toBe(true)
  expect(await waiter.getByRole("button", { name: /^Comprar por/ }).count()).toBe(0)
  const box = waiter.getByTestId("waitlist-box")
  await expect.poll(() => box.innerText(), { timeout: 10_000 }).toContain("Edição esgotada.")
  await box.getByRole("button", { name: "Entrar na lista de espera" }).click()
  await expect.poll(() => box.innerText()).toContain("Você está na lista de espera (posição 1)")
  // The button pressed is gone with its state: focus is on the new state's sentence, not lost to the page.
  await expect
    .poll(() => waiter.evaluate(() => document.activeElement?.textContent?.trim()))
    .toBe("Você está na lista de espera (posição 1)")

  // The PIX expires at the gateway: the webhook ends the order and the unit goes to the collector.
  const expired = await customer.request.post(`${sandboxPageOn(url, pixPage)}/simular-expiracao`, {
    headers: { origin: url },
    maxRedirects: 0,
  })
  expect(expired.status()).toBe(303)
  await customer.context().close()
  const links = await latestEmailLinks(
    url,
    WAITER.email,
    `Uma unidade de ${character.name} está reservada para você`,
  )
  expect(links.some((l) => l.endsWith(`/character/${productId}`))).toBe(true)
  // A message the collector asked for by joining the line: always sent, with no unsubscribe of another type.
  expect(links.filter((l) => l.includes("/api/unsubscribe"))).toEqual([])
  // And in their notifications, as a billing notice linked to the character.
  const { items } = await trpc<{ items: { type: string; title: string; actionUrl: string | null }[] }>(
    waiter,
    url,
    "notifications.list",
    { cursor: null },
  )
  expect(items.find((n) => n.actionUrl?.endsWith(`/character/${productId}`))).toMatchObject({
    type: "billing",
    title: `Uma unidade de ${character.name} está reservada para você`,
  })

  // Within the window only they can buy it: the page says until when, and its button is theirs.
  await go(waiter, url, `/character/${productId}`)
  await expect
    .poll(() => box.innerText(), { timeout: 10_000 })
    .toMatch(/Uma unidade está reservada para você até \d{2}\/\d{2}\/\d{4} às \d{2}:\d{2}/)
  // No 'Esgotado' above the box contradicts it, not even in the server's first paint: the unit is theirs to buy.
  const served = await (await waiter.request.get(`${url}/character/${productId}`)).text()
  expect(served).toContain("https://schema.org/SoldOut")
  expect(served).not.toContain(">Esgotado</button>")
  expect(await waiter.getByRole("button", { name: "Esgotado" }).count()).toBe(0)
  await box.getByRole("button", { name: /^Comprar por/ }).click()
  await expect.poll(() => box.getByRole("button", { name: "No Carrinho" }).count()).toBe(1)
  await placeOrder(waiter, url, productId, "pix")
  const waiterPix =
    (await waiter.getByRole("link", { name: "Abrir página do PIX" }).getAttribute("href")) ?? ""
  const paid = await waiter.request.post(`${sandboxPageOn(url, waiterPix)}/simular-pagamento`, {
    headers: { origin: url },
    maxRedirects: 0,
  })
  expect(paid.status()).toBe(303)
  await expect
    .poll(() => waiter.locator("main").innerText(), { timeout: 20_000 })
    .toMatch(/Pagamento aprovado|aprovado/i)
  // Paid by PIX: the order carries the store's PIX discount (5 %), shown in its totals.
  await expect.poll(() => waiter.locator("main").innerText()).toMatch(/Desconto PIX \(5%\)\s*−\s*R\$/)

  await go(waiter, url, "/perfil?tab=waitlists")
  const entry = waiter.getByTestId("waitlist-entry").filter({ hasText: character.name })
  await expect.poll(() => entry.innerText()).toContain("Comprada")
  await waiter.context().close()
}
