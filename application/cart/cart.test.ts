import { Effect, Exit, Layer } from "effect"
import { describe, expect, it } from "vitest"
import { saoPauloInstant } from "../../domain/calendar"
import type { Cart } from "../../domain/cart/cart"
import type { Character } from "../../domain/catalog/catalog"
import type { WaitlistLine } from "../../domain/editions/waitlistLine"
import { charactersFixture, collectionFixture } from "../../tests/fakes/catalogFixtures"
import { fixedClock, inMemoryCatalog, settingsLayer } from "../../tests/fakes/inMemoryCatalog"
import { inMemoryEvents } from "../../tests/fakes/inMemoryEvents"
import { waitlistLineOnly } from "../../tests/fakes/waitlistLineOnly"
import { CartStore } from "../ports/CartStore"
import { CurrentUser, type Viewer } from "../ports/CurrentUser"
import { CustomerDetails } from "../ports/CustomerDetails"
import { EditionLimits } from "../ports/EditionLimits"
import { Entitlements } from "../ports/Entitlements"
import { addToMyCart, checkCartItem, mergeGuestCart, priceGuestCart, setMyCartQuantity } from "./cartCommands"

const NOW = saoPauloInstant({ year: 2026, month: 11, day: 20 }, 10)
const anime = collectionFixture({ slug: "anime", theme: "anime" })
const chars = charactersFixture(anime, { year: 2026, month: 9 }) // Sep, Oct released; Nov current; Dec+ upcoming
const [september, , november, december] = [chars[0]!, chars[1]!, chars[2]!, chars[3]!]
const ana: Viewer = { id: "u1", email: "ana@example.com", name: "Ana", role: "user", emailVerified: true }
// November's numbered edition with no unit left for the public; one is held for Ana's waitlist offer when asked.
const novemberSoldOut = { ...november, soldOut: true }
const heldForAna: WaitlistLine = {
  size: 10,
  available: 0,
  entries: [
    { id: "w1", userId: ana.id, joinedAt: NOW - 1000, status: "offered", offerExpiresAt: NOW + 3_600_000 },
  ],
}

function world(
  options: {
    viewer?: Viewer | null
    subscribed?: string[]
    stored?: Cart
    characters?: Character[]
    line?: WaitlistLine
  } = {},
) {
  let stored: Cart = options.stored ?? []
  const events = inMemoryEvents()
  const layer = Layer.mergeAll(
    events.layer,
    inMemoryCatalog([anime], options.characters ?? chars, new Map([["anime", 29990]])),
    waitlistLineOnly(options.line),
    fixedClock(NOW),
    // No edition here has a per-collector limit (editionLimits.test.ts has them).
    Layer.succeed(
      EditionLimits,
      EditionLimits.of({
        limits: () => Effect.succeed(new Map()),
        held: () => Effect.die(new Error("EditionLimits.held: no limits in this world")),
        atLimit: () => Effect.succeed([]),
      }),
    ),
    Layer.succeed(
      CustomerDetails,
      CustomerDetails.of({
        get: () => Effect.die(new Error("CustomerDetails.get: not in this world")),
        save: () => Effect.die(new Error("CustomerDetails.save: not in this world")),
      }),
    ),
    settingsLayer(),
    Layer.succeed(
      CurrentUser,
      CurrentUser.of({ viewer: options.viewer === undefined ? ana : options.viewer }),
    ),
    Layer.succeed(
      Entitlements,
      Entitlements.of({ subscribedCollections: () => Effect.succeed(new Set(options.subscribed ?? [])) }),
    ),
    Layer.succeed(
      CartStore,
      CartStore.of({
        load: () => Effect.sync(() => stored),
        update: (_user, change) =>
          Effect.sync(() => {
            const result = change(stored)
            if ("cart" in result) stored = result.cart
            return result
          }),
        remove: (_user, productIds) =>
          Effect.sync(() => {
            stored = stored.filter((l) => !productIds.includes(l.productId))
          }),
        coupon: () => Effect.die(new Error("CartStore.coupon not provided")),
        setCoupon: () => Effect.die(new Error("CartStore.setCoupon not provided")),
        dropCoupon: () => Effect.die(new Error("CartStore.dropCoupon not provided")),
      }),
    ),
  )
  return { layer, stored: () => stored, events: events.committed }
}
const run = <A, E, R>(effect: Effect.Effect<A, E, R>, layer: Layer.Layer<R>) =>
  Effect.runPromiseExit(Effect.provide(effect, layer))

describe("cart use cases", () => {
  it("lets anyone add the current month's character, priced by the server", async () => {
    const w = world()
    const exit = await run(addToMyCart(november.id), w.layer)
    expect(Exit.isSuccess(exit) && exit.value.totals).toEqual({
      items: 1,
      totalItems: 1,
      subtotal: 29990,
      savings: 0,
    })
    expect(w.stored()).toEqual([{ productId: november.id, quantity: 1 }])
  })

  it("refuses a duplicate with 'Item já no carrinho' and changes nothing", async () => {
    const w = world({ stored: [{ productId: november.id, quantity: 2 }] })
    const exit = await run(addToMyCart(november.id), w.layer)
    expect(Exit.isFailure(exit) && JSON.stringify(exit.cause)).toContain("ItemAlreadyInCart")
    expect(w.stored()).toEqual([{ productId: november.id, quantity: 2 }])
  })

  it.each([
    ["a released character to a non-subscriber", () => september.id, [], "subscribers_only"],
    ["an upcoming character to anyone", () => december.id, [anime.id], "coming_soon"],
    ["an unknown product", () => "00000000-0000-4000-8000-000000000999", [], "unavailable"],
  ])("refuses %s", async (_label, id, subscribed, reason) => {
    const w = world({ subscribed })
    const exit = await run(addToMyCart(id()), w.layer)
    expect(Exit.isFailure(exit) && JSON.stringify(exit.cause)).toContain(reason)
    expect(w.stored()).toEqual([])
  })

  it("refuses a sold-out edition with 'Esgotado', and prices the line as out of the totals", async () => {
    const characters = chars.map((c) => (c.id === november.id ? novemberSoldOut : c))
    const w = world({ characters })
    expect(JSON.stringify(await run(addToMyCart(november.id), w.layer))).toContain("sold_out")
    const exit = await run(priceGuestCart([{ productId: november.id, quantity: 1 }]), w.layer)
    expect(Exit.isSuccess(exit) && exit.value.lines.map((l) => [l.buyable, l.reason])).toEqual([
      [false, "Esgotado"],
    ])
  })

  it("sells a sold-out edition to the collector a unit is held for (their waitlist offer)", async () => {
    const characters = chars.map((c) => (c.id === november.id ? novemberSoldOut : c))
    const exit = await run(addToMyCart(november.id), world({ characters, line: heldForAna }).layer)
    expect(Exit.isSuccess(exit) && exit.value.lines.map((l) => l.buyable)).toEqual([true])
    const other = world({ characters, line: heldForAna, viewer: { ...ana, id: "u2" } })
    expect(JSON.stringify(await run(addToMyCart(november.id), other.layer))).toContain("sold_out")
  })

  it("sells a released character to a subscriber of its collection at the normal price", async () => {
    const exit = await run(checkCartItem(september.id), world({ subscribed: [anime.id] }).layer)
    expect(Exit.isSuccess(exit) && [exit.value.buyable, exit.value.unitPrice]).toEqual([true, 29990])
  })

  it("prices a visitor's cart, keeping unbuyable lines visible but out of the totals", async () => {
    const exit = await run(
      priceGuestCart([
        { productId: november.id, quantity: 2 },
        { productId: september.id, quantity: 1 },
      ]),
      world({ viewer: null }).layer,
    )
    expect(Exit.isSuccess(exit) && exit.value.lines.map((l) => [l.buyable, l.reason ?? null])).toEqual([
      [true, null],
      [false, "Apenas para Assinantes"],
    ])
    expect(Exit.isSuccess(exit) && exit.value.totals.subtotal).toBe(59980)
  })

  it("applies the quantity rule: non-numeric → 1, above 10 → 10, zero removes", async () => {
    const w = world({ stored: [{ productId: november.id, quantity: 3 }] })
    await run(setMyCartQuantity(november.id, "abc"), w.layer)
    expect(w.stored()[0]?.quantity).toBe(1)
    await run(setMyCartQuantity(november.id, 99), w.layer)
    expect(w.stored()[0]?.quantity).toBe(10)
    await run(setMyCartQuantity(november.id, 0), w.layer)
    expect(w.stored()).toEqual([])
  })

  it("merges a visitor's cart at sign-in without duplicates, capped at 10, dropping what cannot be bought", async () => {
    const w = world({ stored: [{ productId: november.id, quantity: 8 }] })
    await run(
      mergeGuestCart([
        { productId: november.id, quantity: 5 },
        { productId: september.id, quantity: 1 },
      ]),
      w.layer,
    )
    expect(w.stored()).toEqual([{ productId: november.id, quantity: 10 }])
    expect(w.events).toEqual([
      {
        type: "CartMerged",
        version: 1,
        aggregateId: ana.id,
        payload: { userId: ana.id, cart: [{ productId: november.id, quantity: 10 }], addedLines: 1 },
      },
    ])
  })

  it("records no merge when the visitor's cart brings nothing", async () => {
    const w = world({ stored: [{ productId: november.id, quantity: 1 }] })
    await run(mergeGuestCart([{ productId: september.id, quantity: 1 }]), w.layer)
    expect(w.stored()).toEqual([{ productId: november.id, quantity: 1 }])
    expect(w.events).toEqual([])
  })

  it("needs a signed-in customer for the account cart", async () => {
    const exit = await run(addToMyCart(november.id), world({ viewer: null }).layer)
    expect(Exit.isFailure(exit) && JSON.stringify(exit.cause)).toContain("NotSignedIn")
  })
})
