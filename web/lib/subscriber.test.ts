import { describe, expect, it } from "vitest"
import { purchaseRule, type TimelineStatus } from "../../domain/catalog/purchase"
import type { CharacterCard } from "../../domain/catalog/showcase"
import { type CardMarks, viewerCard } from "./subscriber"

// The server renders every card as a non-subscriber sees it; only the fields the rule reads matter here.
const card = (status: TimelineStatus, collectionId = "heroes", over: Partial<CharacterCard> = {}) =>
  ({
    id: `${collectionId}-${status}`,
    status,
    collection: { id: collectionId, slug: collectionId, name: collectionId, theme: "heroes" },
    purchase: purchaseRule(status, false),
    phase: "final",
    state: "revealed",
    recent: false,
    featured: false,
    rarity: "common",
    ...over,
  }) as unknown as CharacterCard

const marks = (over: { owned?: string[]; forTrade?: string[]; wished?: string[] }): CardMarks => ({
  owned: new Set(over.owned),
  forTrade: new Set(over.forTrade),
  wished: new Set(over.wished),
})

describe("viewerCard", () => {
  it("makes a released edition buyable, as included, for a subscriber of its collection", () => {
    expect(viewerCard(card("released"), new Set(["heroes"])).purchase).toEqual({
      canBuy: true,
      mode: "subscription",
    })
  })

  it("leaves it for subscribers only for anyone else, and for a subscriber of another collection", () => {
    const released = card("released")
    expect(viewerCard(released, new Set())).toBe(released)
    expect(viewerCard(released, new Set(["anime"])).purchase).toMatchObject({
      canBuy: false,
      reason: "Apenas para Assinantes",
    })
  })

  it("changes nothing about the month's character or the coming ones", () => {
    const subscribed = new Set(["heroes"])
    expect(viewerCard(card("current"), subscribed).purchase).toEqual({ canBuy: true, mode: "single" })
    expect(viewerCard(card("upcoming"), subscribed).purchase).toMatchObject({
      canBuy: false,
      reason: "Em Breve",
    })
  })

  it("says the viewer has an edition they hold up to their limit, whatever else applies", () => {
    const current = card("current")
    expect(viewerCard(current, new Set(["heroes"]), new Set([current.id])).purchase).toEqual({
      canBuy: false,
      mode: "none",
      reason: "Você já tem esta peça",
    })
    expect(viewerCard(current, new Set(), new Set(["another"]))).toBe(current)
  })

  it("shows the viewer's own piece, trade offer and favourite as the card's state", () => {
    const released = card("released")
    const none = new Set<string>()
    const state = (m: CardMarks) => viewerCard(released, none, none, m).state
    expect(state(marks({ owned: [released.id] }))).toBe("owned")
    expect(state(marks({ owned: [released.id], forTrade: [released.id] }))).toBe("tradeable")
    expect(state(marks({ wished: [released.id] }))).toBe("wishlist")
    expect(viewerCard(released, none, none, marks({ owned: ["another"] }))).toBe(released)
  })

  it("keeps a mystery a mystery: the viewer's unrevealed piece stays teased", () => {
    const teased = card("current", "heroes", { phase: "preview", state: "teased", rarity: null })
    const none = new Set<string>()
    const viewed = viewerCard(teased, none, none, marks({ owned: [teased.id], forTrade: [teased.id] }))
    expect(viewed.state).toBe("teased")
  })
})
