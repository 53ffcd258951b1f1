import type { Browser, Page } from "playwright"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type FakeViaCep, startFakeViaCep } from "../fakes/fakeViaCep"
import { launchBrowser } from "../support/browser"
import { createVerifiedAccount } from "../support/mailbox"
import { go, signIn } from "../support/pages"
import { type RunningServer, startServer } from "../support/server"

let server: RunningServer
let browser: Browser
let viaCep: FakeViaCep
let page: Page
let closeContext: () => Promise<void>

beforeAll(async () => {
  viaCep = await startFakeViaCep()
  ;[server, browser] = await Promise.all([
    startServer({ NODE_ENV: "test", VIACEP_URL: viaCep.baseUrl }),
    launchBrowser(),
  ])
  await createVerifiedAccount(server.url, "Carla", "carla@example.com", "Segura123")
  const context = await browser.newContext({ locale: "pt-BR", viewport: { width: 1280, height: 900 } })
  page = await context.newPage()
  closeContext = () => context.close()
  await signIn(page, server.url, "carla@example.com", "Segura123")
  await page.waitForURL("**/perfil")
  // Signing in refetches every query once; let that settle before counting requests.
  await page.waitForLoadState("networkidle")
})
afterAll(async () => {
  await closeContext?.()
  await browser?.close()
  await server?.stop()
  await viaCep?.close()
})

const tab = (name: string) => page.getByRole("tab", { name, exact: true })
const dialog = () => page.getByRole("dialog")
const cards = () => page.getByTestId("address-card")

describe("the account page (/perfil)", () => {
  it("renders the orders tab on the server, empty, and asks for nothing after hydration", async () => {
    // A request the sign-in page still had in flight (its last refetch can follow the network's idle moment on
    // a slow machine) belongs to that page: leave it before counting this one's.
    await page.goto("about:blank")
    const calls: string[] = []
    page.on("request", (r) => {
      if (r.url().includes("/api/trpc/")) calls.push(r.url())
    })
    await go(page, server.url, "/perfil?tab=orders")
    await page.waitForLoadState("networkidle")
    expect(await tab("Pedidos").getAttribute("aria-selected")).toBe("true")
    expect(await page.getByRole("heading", { name: "Você ainda não fez pedidos" }).isVisible()).toBe(true)
    expect(await page.getByRole("link", { name: "Ver coleções" }).getAttribute("href")).toBe("/colecoes")
    expect(calls).toEqual([])
    page.removeAllListeners("request")
  })

  it("adds an address from its CEP, edits it, makes another the default and removes one", async () => {
    await tab("Endereços").click()
    expect(await page.getByText("Nenhum endereço cadastrado").isVisible()).toBe(true)

    // Nothing filled: every required field says why, and focus goes to the first.
    await page.getByRole("button", { name: "Adicionar endereço" }).click()
    await dialog().getByRole("button", { name: "Salvar endereço" }).click()
    for (const message of [
      "Nome é obrigatório",
      "Rua é obrigatória",
      "Número é obrigatório",
      "Formato de CEP inválido",
    ])
      expect(await dialog().getByText(message).count(), message).toBe(1)
    expect(await page.evaluate(() => document.activeElement?.id)).toMatch(/-name$/)

    await dialog().getByLabel("Nome de quem recebe").fill("Casa")
    await dialog().getByLabel("CEP").fill("01310100")
    await expect.poll(() => dialog().getByLabel("Rua").inputValue()).toBe("Avenida Paulista")
    expect(await dialog().getByLabel("Bairro").inputValue()).toBe("Bela Vista")
    expect(await dialog().getByLabel("Cidade").inputValue()).toBe("São Paulo")
    expect(await dialog().getByLabel("Estado").inputValue()).toBe("SP")
    expect(await dialog().getByLabel("CEP").inputValue()).toBe("01310-100")
    // Autofill hands the person on to the one thing the CEP cannot tell.
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toMatch(/-number$/)
    await page.keyboard.type("1000")
    await dialog().getByLabel("Complemento (opcional)").fill("apto 12")
    await dialog().getByRole("button", { name: "Salvar endereço" }).click()
    await expect.poll(() => cards().count()).toBe(1)
    expect(await dialog().count()).toBe(0)
    // The first address is the default.
    expect(await cards().first().innerText()).toContain("Padrão")
    expect(await cards().first().innerText()).toContain(
      "Avenida Paulista, 1000 - apto 12, Bela Vista, São Paulo/SP, CEP 01310-100",
    )

    await page.getByRole("button", { name: "Adicionar endereço" }).click()
    await dialog().getByLabel("Nome de quem recebe").fill("Trabalho")
    await dialog().getByLabel("CEP").fill("20040-020")
    await expect.poll(() => dialog().getByLabel("Cidade").inputValue()).toBe("Rio de Janeiro")
    await dialog().getByLabel("Número").fill("50")
    await dialog().getByRole("button", { name: "Salvar endereço" }).click()
    await expect.poll(() => cards().count()).toBe(2)
    const trabalho = page.getByRole("listitem", { name: "Trabalho" })
    expect(await trabalho.innerText()).not.toContain("Padrão")

    // Edit: a CEP from another state than the one chosen is refused, then the number changes.
    await page.getByRole("button", { name: "Editar Trabalho" }).click()
    expect(await dialog().getByLabel("Número").inputValue()).toBe("50")
    await dialog().getByLabel("Número").fill("99")
    await dialog().getByLabel("Estado").selectOption("SP")
    await dialog().getByRole("button", { name: "Salvar endereço" }).click()
    expect(await dialog().getByText("O CEP informado não pertence a este estado").count()).toBe(1)
    await dialog().getByLabel("Estado").selectOption("RJ")
    await dialog().getByRole("button", { name: "Salvar endereço" }).click()
    await expect
      .poll(() => trabalho.innerText())
      .toContain("Avenida Rio Branco, 99, Centro, Rio de Janeiro/RJ")

    await page.getByRole("button", { name: "Tornar padrão: Trabalho" }).click()
    await expect.poll(() => page.getByRole("listitem", { name: "Trabalho (padrão)" }).count()).toBe(1)
    expect(await page.getByRole("listitem", { name: "Casa", exact: true }).count()).toBe(1)

    // Remove asks first; Escape keeps the address and gives focus back to the button.
    await page.getByRole("button", { name: "Remover Casa" }).click()
    expect(await dialog().getByRole("heading", { name: "Remover este endereço?" }).isVisible()).toBe(true)
    await page.keyboard.press("Escape")
    await expect.poll(() => dialog().count()).toBe(0)
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("Remover Casa")
    await page.getByRole("button", { name: "Remover Casa" }).click()
    await dialog().getByRole("button", { name: "Remover", exact: true }).click()
    await expect.poll(() => cards().count()).toBe(1)
    expect(await cards().first().innerText()).toContain("Trabalho")

    // All of it was stored: a fresh page shows the same book.
    await go(page, server.url, "/perfil?tab=addresses")
    expect(await cards().count()).toBe(1)
    expect(await page.getByRole("listitem", { name: "Trabalho (padrão)" }).count()).toBe(1)
  })

  it("edits name, phone and CPF: a bad CPF is refused, a good one is saved and shown masked", async () => {
    await go(page, server.url, "/perfil?tab=profile")
    const name = page.getByLabel("Nome de exibição")
    expect(await name.inputValue()).toBe("Carla")
    expect(await page.getByText("carla@example.com").first().isVisible()).toBe(true)

    await name.fill("C")
    await page.getByLabel("Telefone").fill("11987654321")
    expect(await page.getByLabel("Telefone").inputValue()).toBe("(11) 98765-4321")
    await page.getByLabel("CPF").fill("12345678900")
    expect(await page.getByLabel("CPF").inputValue()).toBe("123.456.789-00")
    await page.getByRole("button", { name: "Salvar alterações" }).click()
    expect(await page.getByText("Nome deve ter pelo menos 2 caracteres").count()).toBe(1)
    expect(await page.getByText("CPF inválido").count()).toBe(1)
    expect(await page.getByLabel("CPF").getAttribute("aria-invalid")).toBe("true")

    await name.fill("Carla Souza")
    await page.getByLabel("CPF").fill("12345678909")
    await page.getByRole("button", { name: "Salvar alterações" }).click()
    await page.getByText("Dados atualizados!").waitFor()
    await expect.poll(() => page.getByTestId("saved-cpf").innerText()).toBe("***.***.789-09")
    expect(await page.getByText("CPF inválido").count()).toBe(0)

    await go(page, server.url, "/perfil?tab=profile")
    expect(await page.getByLabel("Nome de exibição").inputValue()).toBe("Carla Souza")
    expect(await page.getByLabel("Telefone").inputValue()).toBe("(11) 98765-4321")
    expect(await page.getByTestId("saved-cpf").innerText()).toBe("***.***.789-09")
    expect(await page.getByRole("link", { name: /Perfil de Carla Souza/ }).count()).toBe(1)

    // A saved CPF can be replaced.
    await page.getByRole("button", { name: "Alterar CPF" }).click()
    await expect
      .poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.id))
      .toBe("details-cpf")
    expect(await page.getByLabel("Novo CPF").isVisible()).toBe(true)
  })
})
