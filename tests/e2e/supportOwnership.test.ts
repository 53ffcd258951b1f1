import type { Browser, Page } from "playwright"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { launchBrowser } from "../support/browser"
import { createVerifiedAccount } from "../support/mailbox"
import { go, h1, signIn } from "../support/pages"
import { type RunningServer, startServer } from "../support/server"

const COLLECTOR = { name: "Helena Duarte", email: "helena@example.com", password: "Helena12345" }

let server: RunningServer
let browser: Browser

beforeAll(async () => {
  ;[server, browser] = await Promise.all([startServer({ NODE_ENV: "test" }), launchBrowser()])
  await createVerifiedAccount(server.url, COLLECTOR.name, COLLECTOR.email, COLLECTOR.password)
})
afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

const freshPage = async () => (await browser.newContext({ locale: "pt-BR" })).newPage()

/** The collector's Suporte tab, read afresh: the ticket numbers it lists. */
async function ticketsInAccount(page: Page): Promise<string[]> {
  await go(page, server.url, "/perfil?tab=support")
  await expect
    .poll(() => page.locator("li[data-ticket]").or(page.getByText("Você não tem chamados")).count())
    .toBeGreaterThan(0)
  return page
    .locator("li[data-ticket]")
    .evaluateAll((items) => items.map((li) => li.getAttribute("data-ticket") ?? ""))
}

describe("who a support ticket belongs to", () => {
  it("a visitor's ticket with a collector's address stays out of her account until her e-mail's link is followed", async () => {
    // Someone else, signed out, opens a ticket in Helena's name asking to change her delivery address.
    const visitor = await freshPage()
    await go(visitor, server.url, "/support")
    await visitor.getByLabel("Nome completo").fill("Equipe de Segurança")
    await visitor.getByLabel("E-mail", { exact: true }).fill(COLLECTOR.email)
    await visitor.getByLabel("Categoria").selectOption({ label: "Entrega" })
    await visitor.getByLabel("Assunto").fill("Trocar meu endereço de entrega")
    await visitor.getByLabel("Descrição").fill("Enviem meus pedidos para a Rua das Flores, 10.")
    await visitor.getByRole("button", { name: "Enviar chamado" }).click()
    await expect.poll(() => visitor.locator("[data-ticket-sent]").innerText()).toContain("Ticket enviado!")
    const number = await visitor.locator("[data-ticket-number]").innerText()
    await visitor.context().close()

    const helena = await freshPage()
    await signIn(helena, server.url, COLLECTOR.email, COLLECTOR.password)
    await helena.waitForURL((u) => !u.pathname.startsWith("/auth"))
    expect(await ticketsInAccount(helena)).not.toContain(number)

    // Helena's mailbox: the acknowledgement greets nobody by the typed name and says what to do if it was not her.
    const mailbox = await freshPage()
    const acknowledgement = mailbox.getByRole("link", { name: `Recebemos seu chamado ${number}` })
    // The e-mail leaves with the outbox's dispatcher, moments after the ticket: reload until it is there.
    await expect
      .poll(async () => {
        await mailbox.goto(`${server.url}/dev/emails`)
        return acknowledgement.count()
      })
      .toBe(1)
    await acknowledgement.click()
    const text = await mailbox.locator("pre").innerText()
    expect(text).not.toContain("Equipe de Segurança")
    expect(text).toContain("Se você não abriu este chamado, ignore esta mensagem")
    const link = await mailbox
      .locator("ul.links a", { hasText: "/confirmar-chamado?token=" })
      .getAttribute("href")
    if (!link) throw new Error("no proof link")

    // Opening the link (as a mail scanner would) changes nothing; the click on its page proves the address.
    await mailbox.goto(link)
    await expect.poll(() => h1(mailbox)).toBe("Confirmar chamado")
    expect(await ticketsInAccount(helena)).not.toContain(number)
    await mailbox.getByRole("button", { name: "Confirmar meu e-mail" }).click()
    await expect
      .poll(() => mailbox.getByRole("status").innerText())
      .toContain(`o chamado ${number} foi confirmado`)
    await mailbox.context().close()

    expect(await ticketsInAccount(helena)).toContain(number)
    await helena.context().close()
  }, 90_000)
})
