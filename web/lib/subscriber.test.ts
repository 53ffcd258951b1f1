import { describe, expect, it } from "vitest"
import { purchaseRule, type TimelineStatus } from "../../domain/purchase"
import type { CharacterCard } from "../../domain/showcase"
import { viewerCard } from "./subscriber"

// The server renders every card as a non-subscriber sees it; only the fields the rule reads matter here.
const card = (status: TimelineStatus, collectionId = "heroes") =>
  ({
    id: `${collectionId}-${status}`,
    status,
    collection: { id: collectionId, slug: collectionId, name: collectionId, theme: "heroes" },
    purchase: purchaseRule(status, false),
  }) as unknown as CharacterCard

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
})
