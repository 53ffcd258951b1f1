import { expect } from "vitest"
import { LOGIN_ERRORS } from "../../../domain/accounts/authValidation"
import { DENIAL_MESSAGES } from "../../../domain/accounts/roles"
import { CONVENTION_MESSAGES } from "../../../domain/storeConventions"
import { createVerifiedAccount } from "../../support/mailbox"
import { go, h1, signIn } from "../../support/pages"
import { ADMIN, type AdminWorld, MODERATOR, type Person } from "./world"

type Page = Awaited<ReturnType<AdminWorld["signedIn"]>>

const PROMOTED: Person = {
  name: "Paula Promovida",
  email: "paula.promovida@example.com",
  password: "Paula12345",
}
const BLOCKED: Person = {
  name: "Beto Bloqueado",
  email: "beto.bloqueado@example.com",
  password: "Beto123456",
}
const HOURS = "Todos os dias, das 8h às 20h"
const SHIPPING_HEADER =
  "servico,cep_origem,cep_inicio,cep_fim,peso_min_g,peso_max_g,preco,prazo_min,prazo_max"

async function findUser(admin: Page, world: AdminWorld, email: string) {
  await go(admin, world.server.url, `/admin/users?search=${encodeURIComponent(email)}`)
  const row = admin.locator(`tr[data-user="${email}"]`)
  await row.waitFor()
  return row
}

/**
 * Users and settings: a promotion holds from the next request, a blocked account cannot sign in,
 * a moderator reaches neither screen, a saved setting shows on the storefront.
 */
export async function usersJourney(world: AdminWorld) {
  await Promise.all(
    [PROMOTED, BLOCKED].map((p) => createVerifiedAccount(world.server.url, p.name, p.email, p.password)),
  )
  const admin = await world.signedIn(ADMIN)

  const promoted = await findUser(admin, world, PROMOTED.email)
  expect(await promoted.innerText()).toContain("Cliente")
  await admin.getByLabel(`Papel de ${PROMOTED.email}`).selectOption("moderator")
  await promoted.getByRole("button", { name: "Salvar papel" }).click()
  await admin.getByText("Papel atualizado!").waitFor()
  await expect.poll(() => promoted.innerText()).toContain("Definido no painel")
  const moderatorNow = await world.signedIn(PROMOTED)
  await go(moderatorNow, world.server.url, "/admin")
  await expect.poll(() => h1(moderatorNow)).toBe("Painel administrativo")

  const blocked = await findUser(admin, world, BLOCKED.email)
  await blocked.getByRole("button", { name: "Bloquear" }).click()
  await admin.getByRole("button", { name: "Bloquear acesso" }).click()
  await admin.getByText("Usuário bloqueado").waitFor()
  const context = await world.browser.newContext({ locale: "pt-BR" })
  const refused = await context.newPage()
  await signIn(refused, world.server.url, BLOCKED.email, BLOCKED.password)
  await refused.getByText(LOGIN_ERRORS.accountBlocked).waitFor()
  expect(new URL(refused.url()).pathname).toBe("/auth/login")
  await context.close()

  const moderator = await world.signedIn(MODERATOR)
  for (const path of ["/admin/users", "/admin/settings"]) {
    await go(moderator, world.server.url, path)
    await expect.poll(() => moderator.getByRole("alert").innerText()).toContain(DENIAL_MESSAGES.permission)
  }

  await go(admin, world.server.url, "/admin/settings")
  await admin.getByLabel("Horário de atendimento").fill(HOURS)
  // The conventions: a PIX discount past 30 % is named on its field and nothing is saved; the preview follows
  // what is typed. A higher minimum instalment changes no catalogue price (all are over R$ 120).
  const pix = admin.getByLabel("Desconto no PIX (%)")
  await pix.fill("40")
  await admin.getByRole("button", { name: "Salvar configurações" }).click()
  await admin.getByText(CONVENTION_MESSAGES.pixDiscountBasisPoints).waitFor()
  await expect.poll(() => pix.getAttribute("aria-invalid")).toBe("true")
  // Red like every invalid field (a valid one keeps the theme's border), and the focus is on it.
  const border = (field: typeof pix) => field.evaluate((el) => getComputedStyle(el).borderTopColor)
  expect(await border(pix)).not.toBe(await border(admin.getByLabel("Horário de atendimento")))
  await expect.poll(() => pix.evaluate((el) => el === document.activeElement)).toBe(true)
  await pix.fill("7,5")
  await admin.getByText(/R\$\s277,40 no PIX/).waitFor()
  await pix.fill("5")
  await admin.getByLabel("Parcela mínima (R$)").fill("10,00")
  await admin.getByRole("button", { name: "Salvar configurações" }).click()
  await admin.getByText("Configurações salvas!").waitFor()
  await admin.reload()
  await expect.poll(() => admin.getByLabel("Parcela mínima (R$)").inputValue()).toBe("10,00")
  // The FAQ's contact answer, as the server renders it (the footer hydrates only when scrolled to).
  await expect
    .poll(async () => (await admin.request.get(`${world.server.url}/faq`)).text())
    .toContain(`Horário de atendimento: ${HOURS}`)

  // A shipping table past the API's 64 KB travels through its own upload route. Its last line is bad, so the
  // table the other journeys quote from stays as it was.
  const lines = Array.from({ length: 3000 }, (_, i) => {
    const start = String(i * 10_000).padStart(8, "0")
    return `PAC,01001000,${start},${String(i * 10_000 + 9_999).padStart(8, "0")},0,1000,25.90,3,8`
  })
  const csv = [SHIPPING_HEADER, ...lines, "SEDEX,01001000,99999999,00000000,0,1000,30.00,1,2"].join("\n")
  expect(csv.length).toBeGreaterThan(64 * 1024)
  await admin.getByLabel("Arquivo CSV").setInputFiles({
    name: "tabela.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(csv),
  })
  await admin.getByRole("button", { name: "Importar tabela" }).click()
  await admin.getByText("Tabela não importada: corrija as linhas listadas.").waitFor()
  await admin.getByText("Linhas importadas: 0. Linhas recusadas: 1.").waitFor()
  await admin.getByText("Linha 3002: o CEP inicial é maior que o CEP final.").waitFor()
  await Promise.all([admin, moderatorNow, moderator].map((p) => p.context().close()))
}
