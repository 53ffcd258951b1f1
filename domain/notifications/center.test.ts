import { describe, expect, it } from "vitest"
import { NOTIFICATION_TYPES } from "./announcement"
import { checkDraft, type NotificationDraft, preferencesOf, unreadBadge } from "./center"

const SITE = "https://loja.example"
const draft = (over: Partial<NotificationDraft> = {}): NotificationDraft => ({
  userId: "u1",
  type: "character_reveal",
  title: "Revelado: Goku",
  message: "O personagem de dezembro chegou.",
  actionUrl: "/character/abc",
  key: "reveal:abc",
  ...over,
})

describe("preferencesOf", () => {
  it("gives every type both channels when nothing was chosen", () => {
    const prefs = preferencesOf([])
    for (const type of NOTIFICATION_TYPES) expect(prefs[type]).toEqual({ inApp: true, email: true })
  })

  it("keeps what was stored and defaults the rest", () => {
    const prefs = preferencesOf([{ type: "billing", inApp: true, email: false }])
    expect(prefs.billing).toEqual({ inApp: true, email: false })
    expect(prefs.trade).toEqual({ inApp: true, email: true })
  })
})

describe("checkDraft", () => {
  it("stores the link absolute on this site", () => {
    const checked = checkDraft(draft(), SITE)
    expect(checked).toEqual({ ok: true, draft: { ...draft(), actionUrl: `${SITE}/character/abc` } })
  })

  it("accepts no link at all", () => {
    expect(checkDraft(draft({ actionUrl: null }), SITE).ok).toBe(true)
  })

  it.each([
    ["an empty title", { title: "  " }],
    ["a long title", { title: "x".repeat(121) }],
    ["an empty message", { message: "" }],
    ["a javascript link", { actionUrl: "javascript:alert(1)" }],
    ["a plain-http link elsewhere", { actionUrl: "http://evil.example/" }],
    ["an empty key", { key: "" }],
    ["a long key", { key: "k".repeat(201) }],
  ])("refuses %s", (_, over) => {
    expect(checkDraft(draft(over), SITE).ok).toBe(false)
  })
})

describe("unreadBadge", () => {
  it.each([
    [0, null],
    [1, "1"],
    [9, "9"],
    [10, "9+"],
  ])("%i unread shows %s", (count, shown) => {
    expect(unreadBadge(count)).toBe(shown)
  })
})
