import type { Browser, BrowserContext, Page } from "playwright"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { startFakeViaCep } from "../fakes/fakeViaCep"
import { axeFindings } from "../support/axe"
import { launchBrowser } from "../support/browser"
import { createVerifiedAccount, latestEmailLinks } from "../support/mailbox"
import { go as goTo } from "../support/pages"
import { type RunningServer, startServer } from "../support/server"
import { STORE_DAY } from "../support/storeClock"

/**
 * The subscription screens in Chromium against the sandbox gateway: a collector subscribes monthly from a
 * collection page with the card APRO, finds the plan on /assinatura, buys a released character of that
 * collection with free shipping, pauses and reactivates. Then axe on the new screens, light and dark.
 */

const EMAIL = "sofia@example.com"
const PASSWORD = "Sofia12345"
const APPROVED = "Pagamento aprovado! Sua assinatura foi ativada com sucesso."

let server: RunningServer
let browser: Browser
let viaCep: Awaited<ReturnType<typeof startFakeViaCep>>
let context: BrowserContext
let page: Page
let collection: { slug: string; name: string }

beforeAll(async () => {
  viaCep = await startFakeViaCep()
  ;[server, browser] = await Promise.all([
    startServer({ NODE_ENV: "test", VIACEP_URL: viaCep.baseUrl }),
    launchBrowser(),
  ])
  await createVerifiedAccount(server.url, "Sofia Lima", EMAIL, PASSWORD)
  const html = await (await fetch(`${server.url}/colecoes`)).text()
  const slug = /href="\/colecoes\/([a-z0-9-]+)"/.exec(html)?.[1]
  if (!slug) throw new Error("no collection linked from /colecoes")
  const detail = await (await fetch(`${server.url}/colecoes/${slug}`)).text()
  collection = { slug, name: /<h1[^>]*>([^<]+)<\/h1>/.exec(detail)?.[1] ?? "" }
  context = await browser.newContext({ locale: "pt-BR", viewport: { width: 1280, height: 900 } })
  page = await context.newPage()
})

afterAll(async () => {
  await browser?.close()
  await server?.stop()
  await viaCep?.close()
})

const go = (path: string) => goTo(page, server.url, path)
const dialog = () => page.locator("dialog[open]")

async function openDialog() {
  await go(`/colecoes/${collection.slug}`)
  await page.getByRole("button", { name: "Assinar Coleção Completa" }).click()
  await dialog().getByRole("button", { name: "Escolher Plano Mensal" }).waitFor()
}

async function payInDialog(holder: string) {
  const d = dialog()
  await d.getByLabel("Número do cartão").fill("5031433215406351")
  await d.getByLabel("Nome impresso no cartão").fill(holder)
  await d.getByLabel("Validade (MM/AA)").fill("1130")
  await d.getByLabel("Código de segurança (CVV)").fill("123")
  await d.getByLabel("CPF do titular").fill("12345678909")
  await d.getByRole("button", { name: /^Assinar por R\$/ }).click()
}

describe("subscription screens", () => {
  it("/assinatura needs sign-in, on the server", async () => {
    const res = await fetch(`${server.url}/assinatura`, { redirect: "manual" })
    expect(res.status).toBeGreaterThanOrEqual(300)
    expect(res.headers.get("location")).toContain("/auth/login?from=%2Fassinatura")
  })

  it("asks a visitor to sign in, and brings them back to the plan they chose", async () => {
    await openDialog()
    const d = dialog()
    // Two plans with the collection's prices, the saving computed from them, the guarantees.
    const text = await d.innerText()
    expect(text).toContain("Plano Mensal")
    expect(text).toContain("Plano Bimestral")
    expect(text).toMatch(/Você economiza\s*R\$\s[\d.,]+ a cada 2 meses/)
    expect(text).toContain("Garantias")
    await d.getByRole("button", { name: "Escolher Plano Mensal" }).click()
    await d.getByText("É necessário fazer login para assinar um plano.").waitFor()
    await d.getByRole("link", { name: "Entrar e assinar" }).click()
    await page.waitForURL("**/auth/login?**")
    await page.getByLabel("E-mail", { exact: true }).fill(EMAIL)
    await page.getByLabel("Senha", { exact: true }).fill(PASSWORD)
    await page.getByRole("button", { name: "Entrar" }).click()
    await page.waitForURL(`**/colecoes/${collection.slug}?assinar=monthly-plan`)
    // Back on the collection, the dialog opens on the monthly plan's payment form.
    await dialog().getByLabel("Número do cartão").waitFor()
    await dialog().getByRole("button", { name: "Voltar" }).click()
    await dialog().getByRole("button", { name: "Escolher Plano Bimestral" }).waitFor()
    await page.keyboard.press("Escape")
    await expect.poll(() => dialog().count()).toBe(0)
  })

  it("closes from the keyboard at every step, the focus back on 'Assinar Coleção Completa'", async () => {
    const opener = page.getByRole("button", { name: "Assinar Coleção Completa" })
    const focusedOnOpener = () => opener.evaluate((el) => el === document.activeElement)
    await openDialog()
    // The plan step: a visible, named close button.
    await dialog().getByRole("button", { name: "Fechar" }).click()
    await expect.poll(() => dialog().count()).toBe(0)
    await expect.poll(focusedOnOpener).toBe(true)
    await opener.press("Enter")
    await dialog().getByRole("button", { name: "Escolher Plano Mensal" }).waitFor()
    await page.keyboard.press("Escape")
    await expect.poll(() => dialog().count()).toBe(0)
    await expect.poll(focusedOnOpener).toBe(true)
  })

  it("shows the empty state before any plan", async () => {
    await go("/assinatura")
    await page.getByRole("heading", { name: "Você ainda não tem uma assinatura ativa" }).waitFor()
    expect(await page.getByRole("link", { name: "Ver planos" }).getAttribute("href")).toBe("/planos")
    expect(await page.getByRole("link", { name: "Ir para o perfil" }).getAttribute("href")).toBe("/perfil")
  })

  it("asks for a delivery address before the card, then says the first month and where it goes", async () => {
    await openDialog()
    await dialog().getByRole("button", { name: "Escolher Plano Mensal" }).click()
    const outcome = dialog().getByTestId("subscribe-outcome")
    await outcome.waitFor()
    // Sofia has no address yet: the parcels would have nowhere to go, so the charge waits.
    expect(await outcome.getByRole("alert").innerText()).toContain(
      "Cadastre um endereço de entrega em Minha Conta → Endereços antes de assinar.",
    )
    expect(
      await dialog()
        .getByRole("button", { name: /^Assinar por R\$/ })
        .isDisabled(),
    ).toBe(true)
    await page.keyboard.press("Escape")
    const saved = await page.request.post(`${server.url}/api/trpc/profile.saveAddress`, {
      headers: { origin: server.url, "content-type": "application/json" },
      data: {
        json: {
          makeDefault: true,
          address: {
            name: "Sofia Lima",
            street: "Avenida Paulista",
            number: "1578",
            complement: "",
            neighborhood: "Bela Vista",
            city: "São Paulo",
            state: "SP",
            zipCode: "01310200",
          },
        },
      },
    })
    expect(saved.status()).toBe(200)
    await openDialog()
    await dialog().getByRole("button", { name: "Escolher Plano Mensal" }).click()
    // The store's day is 20 October: a charge now covers November, and the address is the one just saved.
    await expect.poll(() => outcome.innerText()).toContain("Seu primeiro personagem é o de novembro/2026.")
    expect(await outcome.innerText()).toContain("Entrega em: Sofia Lima, Avenida Paulista, 1578")
    await page.keyboard.press("Escape")
  })

  it("a refused card says why and the collector can try again: APRO subscribes", async () => {
    await openDialog()
    await dialog().getByRole("button", { name: "Escolher Plano Mensal" }).click()
    await expect.poll(() => dialog().getByText("Ambiente de testes: nenhum valor é cobrado").count()).toBe(1)
    await payInDialog("OTHE")
    const alert = dialog().getByRole("alert").filter({ hasText: "Erro no pagamento" })
    await alert.waitFor()
    // OTHE: the bank refused; the collector reads why (Mercado Pago's cc_rejected_other_reason).
    expect(await alert.innerText()).toContain("O banco emissor recusou o pagamento.")
    await payInDialog("APRO")
    await dialog().getByText(APPROVED).waitFor({ timeout: 30_000 })
    await dialog().getByRole("link", { name: "Gerenciar minha assinatura" }).click()
    await page.waitForURL("**/assinatura")
    await expect.poll(() => page.locator("h1").innerText()).toBe("MEUS PEDIDOS")
    const body = await page.locator("main").innerText()
    expect(body).toContain("Plano Mensal")
    expect(body).toContain(collection.name)
    expect(body).toContain("Premium Collector")
    for (const label of ["Itens recebidos", "Itens restantes", "Progresso do plano", "Valor do plano"])
      expect(body).toContain(label)
    for (const tab of ["Visão geral", "Benefícios", "Envios", "Cobrança", "Configurações"])
      await page.getByRole("tab", { name: tab }).waitFor()
  })

  it("a released character of the collection is now open to the subscriber, buyable, with free shipping", async () => {
    await go(`/colecoes?colecao=${collection.slug}&fase=lancados`)
    const card = page.getByTestId("character-card").first()
    await card.getByText("Liberado para assinantes · frete grátis").waitFor()
    await card.getByRole("button", { name: "Adicionar ao carrinho" }).click()
    await card.getByRole("button", { name: "No Carrinho" }).waitFor()
    await go("/carrinho")
    await page.getByLabel("Calcular frete (CEP)").fill("01310-100")
    await page.getByRole("button", { name: "Calcular" }).click()
    // The whole summary on failure: an error, a price or a field that lost the CEP say different things.
    const summary = page.getByRole("complementary", { name: "Resumo do pedido" })
    await expect.poll(() => summary.innerText(), { timeout: 20_000 }).toContain("Opções de entrega")
    expect(await summary.innerText()).toContain("Frete grátis!")
  })

  it("renders the subscriber's view on the server for them only, and hydrates it without an error", async () => {
    const included = "Liberado para assinantes · frete grátis"
    const released = `/colecoes?colecao=${collection.slug}&fase=lancados`
    const cookie = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join("; ")
    const html = (path: string, headers: Record<string, string> = {}) =>
      fetch(server.url + path, { headers }).then((r) => r.text())
    expect(await html(released, { cookie })).toContain(included)
    // The cached catalogue page stays the anonymous one.
    expect(await html(released)).not.toContain(included)
    expect(await html(released)).toContain("Apenas para Assinantes")
    const errors: string[] = []
    const onError = (e: Error) => errors.push(`${page.url()}: ${e.message}`)
    page.on("pageerror", onError)
    const character = /href="(\/character\/[0-9a-f-]+)"/.exec(await html(released, { cookie }))?.[1] ?? ""
    for (const path of ["/", released, `/colecoes/${collection.slug}`, character]) {
      await go(path)
      await page.waitForLoadState("networkidle")
    }
    page.off("pageerror", onError)
    expect(errors).toEqual([])
    await page.getByText(included).first().waitFor()
  })

  it("pauses until a date and reactivates", async () => {
    await go("/assinatura")
    await page.getByRole("button", { name: "Pausar assinatura" }).click()
    const until = new Date(STORE_DAY + 30 * 86_400_000).toISOString().slice(0, 10)
    await dialog().getByLabel("Pausar até").fill(until)
    await dialog().getByRole("button", { name: "Confirmar pausa" }).click()
    await page.getByRole("button", { name: "Reativar assinatura" }).waitFor()
    expect(await page.locator("main").innerText()).toContain(
      `Pausada até ${until.split("-").reverse().join("/")}`,
    )
    await page.getByRole("button", { name: "Reativar assinatura" }).click()
    await page.getByRole("button", { name: "Pausar assinatura" }).waitFor()
  })

  it("saves the settings, changes the card, schedules a cancellation with a reason and takes it back", async () => {
    await go("/assinatura?tab=settings")
    await page.getByLabel("Novidades de planos").uncheck()
    await page.getByRole("button", { name: "Salvar configurações" }).click()
    await page.getByText("Configurações salvas").waitFor()
    await go("/assinatura?tab=settings")
    expect(await page.getByLabel("Novidades de planos").isChecked()).toBe(false)

    await go("/assinatura?tab=billing")
    await page.getByRole("button", { name: "Trocar cartão" }).click()
    const d = dialog()
    await d.getByLabel("Número do cartão").fill("5031433215406351")
    await d.getByLabel("Nome impresso no cartão").fill("APRO")
    await d.getByLabel("Validade (MM/AA)").fill("1130")
    await d.getByLabel("Código de segurança (CVV)").fill("123")
    await d.getByLabel("CPF do titular").fill("12345678909")
    await d.getByRole("button", { name: "Salvar cartão" }).click()
    await page.getByText("Cartão atualizado").waitFor()
    await expect.poll(() => dialog().count()).toBe(0)

    await page.getByRole("button", { name: "Cancelar assinatura" }).click()
    await dialog().getByRole("button", { name: "Confirmar cancelamento" }).click()
    await dialog().getByText("Conte o motivo do cancelamento").waitFor()
    await dialog().getByLabel("Vou assinar outra coleção").check()
    await dialog().getByRole("button", { name: "Confirmar cancelamento" }).click()
    await page.getByText("Cancelamento agendado", { exact: true }).waitFor()
    await expect.poll(() => page.locator("main").innerText()).toContain("cancelamento agendado")
    await page.getByRole("button", { name: "Reativar assinatura" }).click()
    await page.getByRole("button", { name: "Cancelar assinatura" }).waitFor()
  })

  // Twenty screens, each loaded and read by axe: on a loaded machine more than the default minute.
  it("finds no serious or critical axe violation on the subscription screens, light and dark, and fits 390 px", {
    timeout: 150_000,
  }, async () => {
    const findings: string[] = []
    for (const theme of ["light", "dark"] as const) {
      await page.evaluate((value) => localStorage.setItem("theme", value), theme)
      if (theme === "dark") await page.setViewportSize({ width: 390, height: 844 })
      for (const tab of ["overview", "benefits", "shipments", "billing", "settings"]) {
        await go(`/assinatura?tab=${tab}`)
        await page.waitForLoadState("networkidle")
        for (const f of await axeFindings(page)) findings.push(`${theme} ${tab}: ${f}`)
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
        if (overflow > 0) findings.push(`${theme} ${tab}: ${overflow}px wider than the screen`)
      }
      await page.getByRole("button", { name: "Cancelar assinatura" }).click()
      await dialog().waitFor()
      for (const f of await axeFindings(page)) findings.push(`${theme} cancel dialog: ${f}`)
      await dialog().getByRole("button", { name: "Manter assinatura" }).click()
      await go("/perfil?tab=subscription")
      for (const f of await axeFindings(page)) findings.push(`${theme} /perfil subscription tab: ${f}`)
      // The dialog of a collection the collector does not subscribe to yet.
      const others = await (await fetch(`${server.url}/colecoes`)).text()
      const other = [...others.matchAll(/href="\/colecoes\/([a-z0-9-]+)"/g)]
        .map((m) => m[1])
        .find((s) => s !== collection.slug)
      if (other) {
        await go(`/colecoes/${other}`)
        await page.getByRole("button", { name: "Assinar Coleção Completa" }).click()
        await dialog().getByRole("button", { name: "Escolher Plano Mensal" }).waitFor()
        for (const f of await axeFindings(page)) findings.push(`${theme} plans dialog: ${f}`)
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
        if (overflow > 0) findings.push(`${theme} plans dialog: ${overflow}px wider than the screen`)
        await dialog().getByRole("button", { name: "Escolher Plano Mensal" }).click()
        await dialog().getByLabel("Número do cartão").waitFor()
        for (const f of await axeFindings(page)) findings.push(`${theme} payment dialog: ${f}`)
        await page.keyboard.press("Escape")
      }
    }
    expect(findings).toEqual([])
  })
})

describe("signing up from the subscription dialog", () => {
  it("register → confirm from the e-mail → back on the collection, the dialog on the monthly plan's payment", async () => {
    const own = await browser.newContext({ locale: "pt-BR", viewport: { width: 1280, height: 900 } })
    const visitor = await own.newPage()
    const open = () => visitor.locator("dialog[open]")
    await goTo(visitor, server.url, `/colecoes/${collection.slug}`)
    await visitor.getByRole("button", { name: "Assinar Coleção Completa" }).click()
    await open().getByRole("button", { name: "Escolher Plano Mensal" }).click()
    await open().getByRole("link", { name: "Entrar e assinar" }).click()
    await visitor.waitForURL("**/auth/login?**")
    // The address changes before the sign-in page replaces the collection's (its loader runs first).
    await visitor.getByRole("heading", { name: "Entrar" }).waitFor()
    await visitor.getByRole("link", { name: "Criar conta" }).click()
    await visitor.waitForURL("**/auth/register?**")
    expect(new URL(visitor.url()).searchParams.get("from")).toBe(
      `/colecoes/${collection.slug}?assinar=monthly-plan`,
    )
    await visitor.getByLabel("Nome de exibição").fill("Rita Nova")
    await visitor.getByLabel("E-mail", { exact: true }).fill("rita@example.com")
    await visitor.getByLabel("Senha", { exact: true }).fill("Segura123")
    await visitor.getByLabel("Confirmar senha").fill("Segura123")
    await visitor.getByRole("checkbox").check()
    await visitor.getByRole("button", { name: "Criar conta" }).click()
    await visitor.waitForURL("**/auth/verify-email?**")
    expect(new URL(visitor.url()).searchParams.get("from")).toBe(
      `/colecoes/${collection.slug}?assinar=monthly-plan`,
    )

    const [link] = await latestEmailLinks(server.url, "rita@example.com", "Confirme")
    expect(new URL(link ?? "").searchParams.get("callbackURL")).toBe(
      `/auth/callback?from=${encodeURIComponent(`/colecoes/${collection.slug}?assinar=monthly-plan`)}`,
    )
    await visitor.goto(link ?? "")
    await visitor.waitForURL(`**/colecoes/${collection.slug}?assinar=monthly-plan`, { timeout: 15_000 })
    await open().getByLabel("Número do cartão").waitFor()
    await own.close()
  })
})
