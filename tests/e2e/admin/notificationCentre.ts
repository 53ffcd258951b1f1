import { expect } from "vitest"
import { axeFindings } from "../../support/axe"
import { createVerifiedAccount } from "../../support/mailbox"
import { go } from "../../support/pages"
import { ADMIN, type AdminWorld, type Person } from "./world"

/**
 * The notification centre on the web: a customer has the store open while an administrator publishes two announcements; the
 * bell counts them without a reload (the world polls every 2 s), the panel lists them, following one reads it
 * and opens its page in the app, 'Marcar todas como lidas' empties the count; and the customer's choice of no
 * e-mail for 'Comunicados da loja' holds after a reload. A customer of its own, so other journeys'
 * announcements and orders do not change its counts.
 */
export async function notificationCentreJourney(world: AdminWorld) {
  const url = world.server.url
  const reader: Person = {
    name: "Caio Leitor",
    email: `caio-${Date.now()}@example.com`,
    password: "Caio123456",
  }
  await createVerifiedAccount(url, reader.name, reader.email, reader.password)
  const customer = await world.signedIn(reader)
  await go(customer, url, "/colecoes")
  const bell = customer.getByRole("button", { name: /^Notificações/ })
  const badge = customer.getByTestId("notifications-badge")
  const panel = customer.getByTestId("notifications-panel")
  expect(await bell.getAttribute("aria-label")).toBe("Notificações, nenhuma não lida")
  expect(await badge.count()).toBe(0)

  // Empty at first; Escape closes and gives the focus back to the bell, and so does a click elsewhere (closing).
  await bell.click()
  await expect.poll(() => panel.innerText()).toContain("Nenhuma notificação por enquanto")
  await customer.keyboard.press("Escape")
  await expect.poll(() => panel.count()).toBe(0)
  expect(await customer.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe(
    "Notificações, nenhuma não lida",
  )
  await bell.click()
  await expect.poll(() => panel.count()).toBe(1)
  // A click on the page's left margin, far from the header.
  await customer.mouse.click(4, 600)
  await expect.poll(() => panel.count()).toBe(0)
  // Anything that reloads the page would lose this mark.
  await customer.evaluate(() => {
    ;(window as unknown as { sameDocument: boolean }).sameDocument = true
  })

  const admin = await world.signedIn(ADMIN)
  const stamp = Date.now()
  const first = `Live no sábado ${stamp}`
  const second = `Novos planos ${stamp}`
  await go(admin, url, "/admin/notifications")
  await admin.getByRole("tab", { name: "Comunicados" }).click()
  for (const [title, link] of [
    [first, ""],
    [second, "/planos"],
  ] as const) {
    await admin.getByLabel("Título").fill(title)
    await admin.getByLabel("Mensagem").fill("Venha conferir as novidades da Legendarium.")
    await admin.getByLabel("Link (opcional)").fill(link)
    await admin.getByRole("button", { name: "Enviar comunicado" }).click()
    await expect
      .poll(() => admin.getByRole("list", { name: "Comunicados enviados" }).innerText(), { timeout: 15_000 })
      .toContain(title)
  }

  await expect.poll(() => badge.innerText().catch(() => ""), { timeout: 20_000 }).toBe("2")
  expect(await bell.getAttribute("aria-label")).toBe("Notificações, 2 não lidas")
  expect(await customer.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(
    true,
  )

  await bell.click()
  const entries = panel.getByRole("list", { name: "Notificações recentes" }).getByRole("listitem")
  await expect.poll(() => entries.count()).toBe(2)
  // Newest first, each told unread to a screen reader, with how long ago it came.
  expect(await entries.nth(0).innerText()).toContain(second)
  expect(await entries.nth(1).innerText()).toContain(first)
  expect(await entries.nth(0).innerText()).toMatch(/agora|há \d+ min/)
  const link = panel.getByRole("link", { name: new RegExp(second) })
  expect(await link.evaluate((a) => a.textContent)).toContain("Não lida: ")
  expect(new URL((await link.getAttribute("href")) ?? "").pathname).toBe("/planos")
  expect(await axeFindings(customer)).toEqual([])

  // Followed: read at once, its page opens in the app (same document).
  await link.click()
  await customer.waitForURL((u) => u.pathname === "/planos")
  await expect.poll(() => badge.innerText().catch(() => "")).toBe("1")
  expect(await bell.getAttribute("aria-label")).toBe("Notificações, 1 não lida")
  expect(await customer.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(
    true,
  )

  await bell.click()
  await expect.poll(() => entries.count()).toBe(2)
  expect(
    await panel.getByRole("button", { name: new RegExp(first) }).evaluate((b) => b.textContent),
  ).toContain("Não lida: ")
  // The badge empties at once; the page is left only once the server has stored it.
  const stored = customer.waitForResponse((r) => r.url().includes("notifications.markAllRead"))
  await panel.getByRole("button", { name: "Marcar todas como lidas" }).click()
  await expect.poll(() => badge.count()).toBe(0)
  expect(await bell.getAttribute("aria-label")).toBe("Notificações, nenhuma não lida")
  // The entries follow the badge in the same moment or with the server's answer.
  await expect.poll(() => panel.innerText()).not.toContain("Não lida")
  expect((await stored).ok()).toBe(true)
  // The server agrees: a fresh page renders no badge.
  await go(customer, url, "/colecoes")
  await expect.poll(() => bell.getAttribute("aria-label")).toBe("Notificações, nenhuma não lida")
  expect(await badge.count()).toBe(0)

  // Eleven more at once: the badge stops at 9+ (the name says the number), the panel pages by ten.
  const batch = await admin.evaluate(async (stamp) => {
    const statuses: number[] = []
    for (let i = 1; i <= 11; i++) {
      const res = await fetch("/api/trpc/admin.notifications.announce", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          json: { title: `Lote ${i} ${stamp}`, message: "Mais uma novidade.", audience: { kind: "all" } },
        }),
      })
      statuses.push(res.status)
    }
    return statuses
  }, stamp)
  expect(batch).toEqual(Array(11).fill(200))
  await expect.poll(() => badge.innerText().catch(() => ""), { timeout: 30_000 }).toBe("9+")
  await expect.poll(() => bell.getAttribute("aria-label")).toBe("Notificações, 11 não lidas")
  await bell.click()
  await expect.poll(() => entries.count()).toBe(10)
  expect(await entries.nth(0).innerText()).toContain(`Lote 11 ${stamp}`)
  // The open panel in the dark theme too (the page follows the system's).
  // The theme follows the system's once the page's listener hears of the change: measured after it.
  await customer.emulateMedia({ colorScheme: "dark" })
  await customer.waitForFunction(() => document.documentElement.classList.contains("dark"))
  expect(await axeFindings(customer)).toEqual([])
  await customer.emulateMedia({ colorScheme: "light" })
  await panel.getByRole("button", { name: "Carregar mais" }).click()
  await expect.poll(() => entries.count()).toBe(13)
  expect(await entries.nth(12).innerText()).toContain(first)
  expect(await panel.getByRole("button", { name: "Carregar mais" }).count()).toBe(0)
  const allRead = customer.waitForResponse((r) => r.url().includes("notifications.markAllRead"))
  await panel.getByRole("button", { name: "Marcar todas como lidas" }).click()
  expect((await allRead).ok()).toBe(true)
  await expect.poll(() => badge.count()).toBe(0)
  await customer.keyboard.press("Escape")

  // Preferences: no e-mail for the store's announcements, saved at once, still so after a reload.
  await go(customer, url, "/perfil?tab=notifications")
  const announcements = customer.getByRole("group", { name: "Comunicados da loja" })
  const email = announcements.getByRole("switch", { name: "Por e-mail" })
  expect(await email.isChecked()).toBe(true)
  expect(await announcements.getByRole("switch", { name: "No site" }).isChecked()).toBe(true)
  await email.click()
  await expect.poll(() => customer.getByText("Preferências salvas").count()).toBe(1)
  expect(await axeFindings(customer)).toEqual([])
  await customer.reload()
  await customer.waitForSelector("html[data-hydrated=true]")
  expect(await email.isChecked()).toBe(false)
  expect(await announcements.getByRole("switch", { name: "No site" }).isChecked()).toBe(true)
  expect(await customer.getByRole("group", { name: "Trocas entre colecionadores" }).count()).toBe(1)

  await customer.context().close()
  await admin.context().close()
}
