import { expect } from "vitest"
import { createVerifiedAccount } from "../../support/mailbox"
import { firstCharacterPath, go, h1 } from "../../support/pages"
import { placeOrder } from "../../support/purchase"
import { type AdminWorld, CUSTOMER, type Person } from "../admin/world"

const FOLLOWER: Person = { name: "Otávio Reis", email: "otavio@example.com", password: "Otavio12345" }

/**
 * The customer buys a character in the sandbox and appears in /ranking marked 'Você' with the purchase's points;
 * sets a username in 'Perfil público'; another collector opens the profile by that username and follows it,
 * and 'Seguindo' is still there after a reload (stored on the server).
 */
export async function rankingJourney(world: AdminWorld) {
  const base = world.server.url
  const customer = await world.signedIn(CUSTOMER)
  const productId = (await firstCharacterPath(base)).split("/").pop() ?? ""
  await placeOrder(customer, base, productId)

  // The points come from the payment's event, a moment after the payment page.
  const own = customer.locator('[data-viewer="true"], [data-testid="your-position"]').first()
  await expect
    .poll(
      async () => {
        await go(customer, base, "/ranking")
        return own.count()
      },
      { timeout: 20_000, interval: 500 },
    )
    .toBe(1)
  const row = customer.locator('[data-testid="ranking-row"][data-viewer="true"]')
  if (await row.count()) {
    expect(await row.innerText()).toContain("Você")
    expect(
      Number((await row.getByTestId("ranking-points").innerText()).replace(/\D/g, "")),
    ).toBeGreaterThanOrEqual(100)
  } else expect(await customer.getByTestId("your-position").innerText()).toMatch(/Você está em \d+º/)

  await go(customer, base, "/perfil?tab=public")
  await customer.getByLabel("Nome de usuário").fill("elisa_coleciona")
  await customer.getByLabel("Bio").fill("Colecionando desde sempre.")
  await customer.getByRole("button", { name: "Salvar perfil" }).click()
  await customer.getByText("Perfil atualizado!").waitFor()
  await customer.context().close()

  await createVerifiedAccount(base, FOLLOWER.name, FOLLOWER.email, FOLLOWER.password)
  const follower = await world.signedIn(FOLLOWER)
  await go(follower, base, "/colecionador/elisa_coleciona")
  await follower.waitForURL("**/profile/elisa_coleciona")
  await expect.poll(() => h1(follower)).toContain("Elisa P.")
  expect(await follower.getByText("Colecionando desde sempre.").count()).toBe(1)
  const follow = follower.getByTestId("follow")
  expect(await follow.innerText()).toBe("Seguir")
  await follower.waitForSelector("html[data-hydrated=true]")
  await follow.click()
  await expect.poll(() => follow.innerText()).toBe("Seguindo")
  await follower.reload()
  await follower.waitForSelector("html[data-hydrated=true]")
  await expect.poll(() => follower.getByTestId("follow").innerText()).toBe("Seguindo")
  expect(await follower.getByTestId("followers").innerText()).toBe("1")

  // An unknown username is the spec's 404 page.
  const missing = await follower.goto(`${base}/profile/ninguem_aqui`)
  expect(missing?.status()).toBe(404)
  expect(await follower.getByText("O usuário @ninguem_aqui não foi encontrado ou não existe.").count()).toBe(
    1,
  )
  await follower.context().close()
}
