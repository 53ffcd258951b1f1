import { renderToStaticMarkup } from "react-dom/server"
import { describe, expect, it } from "vitest"
import { saoPauloInstant } from "../../domain/calendar"
import type { NotificationEntry } from "../lib/notifications"
import { Entry, isThisStore } from "./NotificationsPanel"

const now = saoPauloInstant({ year: 2026, month: 11, day: 27 }, 14, 5)
const entry = (over: Partial<NotificationEntry> = {}): NotificationEntry => ({
  id: "n1",
  type: "shipment_update",
  title: "Seu pedido foi enviado",
  message: "O pedido #1042 saiu para entrega.",
  actionUrl: "https://loja.example/perfil/pedidos/1042",
  createdAt: now - 5 * 60_000,
  readAt: null,
  ...over,
})
const render = (e: NotificationEntry) =>
  renderToStaticMarkup(<Entry entry={e} now={now} onFollow={() => {}} onRead={() => {}} />)

describe("a notification of the panel", () => {
  it("is a link to its address, saying it is unread to screen readers, with how long ago it came", () => {
    const html = render(entry())
    expect(html).toMatch(/^<a href="https:\/\/loja\.example\/perfil\/pedidos\/1042"/)
    expect(html).toContain('<span class="sr-only">Não lida: </span>Seu pedido foi enviado')
    expect(html).toContain("O pedido #1042 saiu para entrega.")
    expect(html).toContain(`dateTime="${new Date(now - 5 * 60_000).toISOString()}"`)
    expect(html).toContain('title="27/11/2026 às 14:00">há 5 min</time>')
    // The type's icon carries its label as a tooltip; the unread dot and the icon are hidden from readers.
    expect(html).toContain('title="Produção e entrega dos pedidos"')
    expect(html).toContain("font-bold")
  })

  it("says nothing of being unread once read", () => {
    const html = render(entry({ readAt: now - 60_000, createdAt: now - 26 * 3_600_000 }))
    expect(html).not.toContain("Não lida")
    expect(html).not.toContain("font-bold")
    expect(html).toContain(">ontem</time>")
  })

  it("is a button (that reads it) when it points nowhere", () => {
    const html = render(entry({ actionUrl: null, type: "system" }))
    expect(html).toMatch(/^<button type="button"/)
    expect(html).not.toContain("<a ")
    expect(html).toContain('title="Comunicados da loja"')
  })
})

describe("isThisStore", () => {
  const page = (href: string) => new URL(href)
  it("opens the store's own pages in the app, a loopback alias of a local store included", () => {
    expect(isThisStore(new URL("https://loja.example/planos"), page("https://loja.example/colecoes"))).toBe(
      true,
    )
    expect(isThisStore(new URL("http://localhost:3000/planos"), page("http://127.0.0.1:3000/"))).toBe(true)
  })
  it("leaves for another site, another port or another scheme", () => {
    expect(isThisStore(new URL("https://outra.example/planos"), page("https://loja.example/"))).toBe(false)
    expect(isThisStore(new URL("http://localhost:4000/planos"), page("http://127.0.0.1:3000/"))).toBe(false)
    expect(isThisStore(new URL("http://loja.example/planos"), page("https://loja.example/"))).toBe(false)
    expect(isThisStore(new URL("https://localhost.example/x"), page("https://localhost/"))).toBe(false)
  })
})
