import type { Browser, Page } from "playwright"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { startFakeViaCep } from "../fakes/fakeViaCep"
import { launchBrowser } from "../support/browser"
import { createVerifiedAccount } from "../support/mailbox"
import { firstCharacterPath, go as goTo, seedGuestCart } from "../support/pages"
import { type RunningServer, startServer } from "../support/server"

let server: RunningServer
let browser: Browser
let viaCep: Awaited<ReturnType<typeof startFakeViaCep>>

beforeAll(async () => {
  viaCep = await startFakeViaCep()
  ;[server, browser] = await Promise.all([
    startServer({ NODE_ENV: "test", VIACEP_URL: viaCep.baseUrl }),
    launchBrowser(),
  ])
})
afterAll(async () => {
  await browser?.close()
  await server?.stop()
  await viaCep?.close()
})

const go = (page: Page, path: string) => goTo(page, server.url, path)

async function calculate(page: Page, cep: string) {
  await page.getByLabel("Calcular frete (CEP)").fill(cep)
  await page.getByRole("button", { name: "Calcular" }).click()
}

describe("cart and shipping", () => {
  it("guest adds the month's character, sees every CEP error, quotes São Paulo, logs in and keeps cart and CEP", async () => {
    await createVerifiedAccount(server.url, "Dora", "dora@example.com", "Dora12345")
    const context = await browser.newContext({ locale: "pt-BR" })
    const page = await context.newPage()
    await go(page, "/colecoes?fase=atual")
    const card = page.getByTestId("character-card").first()
    await card.getByRole("button", { name: "Adicionar ao carrinho" }).click()
    await expect.poll(() => page.getByText("Adicionado ao carrinho! 🛒").count()).toBe(1)
    await expect.poll(() => card.getByRole("button", { name: "No Carrinho" }).isDisabled()).toBe(true)
    expect(await page.getByTestId("cart-badge").innerText()).toBe("1")

    await go(page, "/carrinho")
    await expect.poll(() => page.getByTestId("cart-line").count()).toBe(1)
    expect(await page.getByRole("button", { name: "Finalizar Compra (Login Necessário)" }).count()).toBe(1)
    const cases: [string, string][] = [
      ["123", "Digite um CEP válido com 8 dígitos"],
      ["00000000", "Este CEP é inválido. Por favor, digite um CEP real (ex: 01310-100 para São Paulo)."],
      ["11111111", "CEP com dígitos repetidos é inválido. Por favor, digite um CEP real."],
      ["99999998", "CEP não encontrado. Verifique se digitou corretamente e tente novamente."],
    ]
    for (const [cep, message] of cases) {
      await calculate(page, cep)
      await expect
        .poll(() => page.getByRole("alert").filter({ hasText: message }).count(), { message })
        .toBe(1)
    }
    expect(await page.getByLabel("Calcular frete (CEP)").getAttribute("maxlength")).toBe("9")
    await page.getByLabel("Calcular frete (CEP)").fill("0131a0100")
    expect(await page.getByLabel("Calcular frete (CEP)").inputValue()).toBe("01310-100")
    await page.getByRole("button", { name: "Calcular" }).click()
    await expect.poll(() => page.getByRole("radio").count()).toBeGreaterThan(0)
    expect(await page.getByRole("radio").first().isChecked()).toBe(true)
    await expect.poll(() => page.getByText("Frete calculado!").count()).toBe(1)

    await page.getByRole("button", { name: "Finalizar Compra (Login Necessário)" }).click()
    await page.waitForURL("**/auth/login?from=carrinho")
    await expect.poll(() => page.getByText("Login necessário").count()).toBeGreaterThan(0)
    await page.getByLabel("E-mail", { exact: true }).fill("dora@example.com")
    await page.getByLabel("Senha", { exact: true }).fill("Dora12345")
    await page.getByRole("button", { name: "Entrar" }).click()
    await page.waitForURL("**/carrinho")
    await expect.poll(() => page.getByTestId("cart-line").count()).toBe(1)
    expect(await page.getByLabel("Calcular frete (CEP)").inputValue()).toBe("01310-100")
    await expect.poll(() => page.evaluate(() => localStorage.getItem("cartItems"))).toBe("[]")

    // Back from signing in, the remembered CEP is quoted again for the cart now held on the server.
    await expect.poll(() => page.getByRole("radio").count()).toBeGreaterThan(0)
    expect(await page.getByRole("radio").first().isChecked()).toBe(true)
    await page.getByRole("button", { name: "Finalizar Compra" }).click()
    await page.waitForURL("**/checkout")
    // Dora has no address yet: the new-address form starts with the cart's CEP, looked up as if typed.
    await expect.poll(() => page.getByLabel("CEP").inputValue()).toBe("01310-100")
    await expect.poll(() => page.getByLabel("Rua").inputValue()).toBe("Avenida Paulista")
    expect(await page.getByLabel("Cidade").inputValue()).toBe("São Paulo")
    expect(await page.getByLabel("Estado (UF)").inputValue()).toBe("SP")
    await context.close()
  })

  it("promises the delivery time of the chosen shipping option", async () => {
    const context = await browser.newContext({ locale: "pt-BR" })
    const page = await context.newPage()
    await seedGuestCart(page, [(await firstCharacterPath(server.url)).split("/").pop() ?? ""])
    await go(page, "/carrinho")
    await expect.poll(() => page.getByTestId("cart-line").count()).toBe(1)
    // Before a quote the card gives the store's general lead time (spec decision 4).
    const promise = page.getByText(/^Prazo:/)
    expect(await promise.innerText()).toContain("envio de 5 a 10 dias úteis")
    await calculate(page, "01310-100")
    const options = page.getByRole("radio")
    await expect.poll(() => options.count()).toBeGreaterThan(1)
    for (let i = 0; i < (await options.count()); i++) {
      await options.nth(i).check()
      const label = await options.nth(i).locator("xpath=ancestor::label").innerText()
      const days = /até (\d+ (?:dia útil|dias úteis))/.exec(label)?.[1]
      expect(days, label).toBeTruthy()
      await expect.poll(() => promise.innerText(), { message: label }).toContain(`até ${days}`)
      expect(await promise.innerText()).not.toContain("5 a 10 dias úteis")
    }
    await context.close()
  })

  it("refuses a released character to a non-subscriber, even when the button is forced", async () => {
    const html = await (await fetch(`${server.url}/colecoes?fase=lancados`)).text()
    const released = /href="\/character\/([0-9a-f-]+)"/.exec(html)?.[1]
    expect(released).toBeTruthy()
    const check = await fetch(
      `${server.url}/api/trpc/cart.check?input=${encodeURIComponent(JSON.stringify({ json: { productId: released } }))}`,
    )
    expect(check.status).toBe(403)
    expect(await check.text()).toContain("Apenas para Assinantes")
    const price = await fetch(
      `${server.url}/api/trpc/cart.price?input=${encodeURIComponent(JSON.stringify({ json: { lines: [{ productId: released, quantity: 2 }] } }))}`,
    )
    const body = (await price.json()) as {
      result: { data: { json: { lines: { buyable: boolean }[]; totals: { subtotal: number } } } }
    }
    expect(body.result.data.json.lines[0]?.buyable).toBe(false)
    expect(body.result.data.json.totals.subtotal).toBe(0)
  })
})
