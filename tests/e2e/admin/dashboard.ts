import { expect } from "vitest"
import { go, h1 } from "../../support/pages"
import { ADMIN, type AdminWorld, MODERATOR } from "./world"

const sidebar = (page: Awaited<ReturnType<AdminWorld["signedIn"]>>) =>
  page.getByRole("navigation", { name: "Administração" }).getByRole("link").allInnerTexts()

/** The administrator's dashboard on real figures, the sidebar by role, and the change log. */
export async function dashboardJourney(world: AdminWorld) {
  const admin = await world.signedIn(ADMIN)
  await go(admin, world.server.url, "/admin")
  await expect.poll(() => h1(admin)).toBe("Painel administrativo")
  const greeting = await admin.getByText(`Olá, ${ADMIN.email}`).innerText()
  expect(greeting).toContain("Admin")
  for (const card of [
    "Receita do mês",
    "Pedidos aguardando ação",
    "Assinantes ativos",
    "Novos clientes no mês",
  ])
    expect(await admin.getByText(card, { exact: true }).count()).toBe(1)
  // Three accounts signed up this month in this world.
  expect(await admin.locator("dd", { hasText: /^3$/ }).count()).toBeGreaterThan(0)
  expect(await sidebar(admin)).toContain("Auditoria")
  await admin.getByRole("link", { name: "Auditoria" }).click()
  await admin.waitForURL("**/admin/audit")
  await expect.poll(() => h1(admin)).toBe("Auditoria")

  const moderator = await world.signedIn(MODERATOR)
  await go(moderator, world.server.url, "/admin")
  await expect.poll(() => moderator.getByText(`Olá, ${MODERATOR.email}`).innerText()).toContain("Moderador")
  const areas = await sidebar(moderator)
  expect(areas).toContain("Coleções")
  expect(areas).not.toContain("Auditoria")
  await go(moderator, world.server.url, "/admin/audit")
  await expect
    .poll(() => moderator.getByRole("alert").innerText())
    .toContain("Acesso negado. Você não tem permissão para acessar esta funcionalidade.")
}
