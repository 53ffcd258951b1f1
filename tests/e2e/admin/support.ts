import { expect } from "vitest"
import { createVerifiedAccount, latestEmailLinks } from "../../support/mailbox"
import { go, h1 } from "../../support/pages"
import { ADMIN, type AdminWorld, type Person } from "./world"

const VISITOR: Person = { name: "Vitória Lima", email: "vitoria@example.com", password: "Vitoria12345" }

/**
 * Support, end to end: a visitor opens a ticket on /support and gets the acknowledgement; an
 * administrator answers it in /admin/support (and leaves an internal note); the visitor proves the address with
 * the acknowledgement's link, signs up with that e-mail and reads the answer, never the note, in the Suporte tab
 * of /perfil.
 */
export async function supportJourney(world: AdminWorld) {
  const visitor = await (await world.browser.newContext({ locale: "pt-BR" })).newPage()
  await go(visitor, world.server.url, "/support")
  await expect.poll(() => h1(visitor)).toBe("Central de Ajuda")
  expect(await visitor.getByRole("link", { name: "Guia do colecionador (PDF)" }).getAttribute("href")).toBe(
    "/guia-do-colecionador.pdf",
  )
  // Every field is required: the errors stand next to the fields, linked to them.
  await visitor.getByRole("button", { name: "Enviar chamado" }).click()
  const name = visitor.getByLabel("Nome completo")
  await expect.poll(() => visitor.locator("#ticket-name-error").innerText()).toBe("Informe seu nome completo")
  expect(await name.getAttribute("aria-describedby")).toBe("ticket-name-error")
  expect(await visitor.locator("#ticket-description-error").innerText()).toBe("Descreva o problema")

  await name.fill(VISITOR.name)
  await visitor.getByLabel("E-mail", { exact: true }).fill(VISITOR.email)
  await visitor.getByLabel("Categoria").selectOption({ label: "Entrega" })
  await visitor.getByLabel("Assunto").fill("Minha figura chegou com a base quebrada")
  await visitor.getByLabel("Descrição").fill("Recebi ontem; a base veio partida ao meio. Tenho fotos.")
  await visitor.getByRole("button", { name: "Enviar chamado" }).click()
  await expect.poll(() => visitor.locator("[data-ticket-sent]").innerText()).toContain("Ticket enviado!")
  expect(await visitor.locator("[data-ticket-sent]").innerText()).toContain("Responderemos em até 24 horas")
  const number = await visitor.locator("[data-ticket-number]").innerText()
  expect(number).toMatch(/^#\d+$/)
  const ack = await latestEmailLinks(world.server.url, VISITOR.email, `Recebemos seu chamado ${number}`)
  const proofLink = ack.find((link) => link.includes("/confirmar-chamado?token="))
  if (!proofLink) throw new Error("the acknowledgement has no proof link")
  await visitor.context().close()

  // The same page at /suporte (a permanent redirect to /support).
  const html = await (await fetch(`${world.server.url}/suporte`)).text()
  expect(html).toContain("Central de Ajuda")
  expect(html).toContain("Abrir um chamado")

  const admin = await world.signedIn(ADMIN)
  await go(admin, world.server.url, "/admin")
  const card = admin.locator("div", { has: admin.getByText("Chamados abertos", { exact: true }) }).last()
  expect(Number(await card.locator("dd").first().innerText())).toBeGreaterThanOrEqual(1)
  await go(admin, world.server.url, "/admin/support")
  await expect.poll(() => h1(admin)).toBe("Suporte")
  const row = admin.locator(`tr[data-ticket="${number}"]`)
  expect(await row.innerText()).toContain("Minha figura chegou com a base quebrada")
  expect(await row.innerText()).toContain("vence em")
  await row.getByRole("link", { name: number }).click()
  await expect.poll(() => h1(admin)).toContain(`Chamado ${number}`)
  // Staff see the visitor's ticket, and that nobody proved its address yet.
  expect(await admin.getByText("(visitante, e-mail não confirmado)").count()).toBe(1)
  const message = admin.getByLabel("Mensagem")
  await message.fill("Só a equipe vê: pedir troca ao estoque")
  await admin.getByRole("button", { name: "Adicionar nota interna" }).click()
  await expect.poll(() => admin.locator('[data-author="note"]').count()).toBe(1)
  await message.fill("Sentimos muito! Enviaremos uma nova figura sem custo.")
  await admin.getByRole("button", { name: "Responder ao cliente" }).click()
  await expect.poll(() => admin.locator('[data-author="staff"]').count()).toBe(1)
  await expect.poll(() => admin.getByLabel("Status").inputValue()).toBe("waiting_customer")
  await latestEmailLinks(world.server.url, VISITOR.email, `Resposta ao chamado ${number}`)
  await admin.context().close()

  // The visitor proves the address with the acknowledgement's link, signs up with the same e-mail (confirmed)
  // and finds the conversation in their account.
  const mailbox = await (await world.browser.newContext({ locale: "pt-BR" })).newPage()
  await go(mailbox, world.server.url, new URL(proofLink).pathname + new URL(proofLink).search)
  await mailbox.getByRole("button", { name: "Confirmar meu e-mail" }).click()
  await expect
    .poll(() => mailbox.getByRole("status").innerText())
    .toContain(`o chamado ${number} foi confirmado`)
  await mailbox.context().close()
  await createVerifiedAccount(world.server.url, VISITOR.name, VISITOR.email, VISITOR.password)
  const customer = await world.signedIn(VISITOR)
  await go(customer, world.server.url, "/perfil?tab=support")
  const ticket = customer.locator(`li[data-ticket="${number}"]`)
  expect(await ticket.innerText()).toContain("Aguardando cliente")
  await ticket.getByRole("button").first().click()
  await expect
    .poll(() => ticket.locator('[data-author="staff"]').innerText())
    .toContain("Enviaremos uma nova figura sem custo.")
  expect(await ticket.innerText()).not.toContain("Só a equipe vê")
  await ticket.getByLabel("Sua resposta").fill("Obrigada! Aguardo o envio.")
  await ticket.getByRole("button", { name: "Enviar resposta" }).click()
  await expect.poll(() => ticket.locator('[data-author="customer"]').count()).toBe(2)
  await ticket.getByRole("button", { name: "Encerrar chamado" }).click()
  await expect.poll(() => ticket.locator("[data-status]").first().innerText()).toBe("Resolvido")
  await customer.context().close()
}
