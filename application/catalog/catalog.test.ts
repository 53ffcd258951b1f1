import { Effect, Exit, Layer } from "effect"
import { describe, expect, it } from "vitest"
import { saoPauloInstant } from "../../domain/calendar"
import { DEFAULT_CONVENTIONS } from "../../domain/storeConventions"
import { charactersFixture, collectionFixture } from "../../tests/fakes/catalogFixtures"
import { fixedClock, inMemoryCatalog, settingsLayer } from "../../tests/fakes/inMemoryCatalog"
import { inMemoryPlans } from "../../tests/fakes/inMemoryPlans"
import { strictFake } from "../../tests/fakes/strict"
import { CatalogRepository } from "../ports/CatalogRepository"
import type { Clock } from "../ports/Clock"
import { EditionLimits } from "../ports/EditionLimits"
import type { InstallmentLimit } from "../ports/InstallmentLimit"
import type { PrepaidPlans } from "../ports/PrepaidPlans"
import type { StoreSettings } from "../ports/StoreSettings"
import { StoreSite } from "../ports/StoreSite"
import { getCharacter } from "./getCharacter"
import { getCollection } from "./getCollection"
import { getHomePage } from "./getHomePage"
import { getPlansComparison } from "./getPlansComparison"
import { listCollections } from "./listCollections"

// 10 November 2026, 10:00 in São Paulo: before this month's reveal on the 15th.
const NOW = saoPauloInstant({ year: 2026, month: 11, day: 10 }, 10)

const anime = collectionFixture({
  name: "Lendas do Anime",
  slug: "lendas-do-anime",
  theme: "anime",
  isFeatured: true,
})
const horror = collectionFixture({ name: "Noites de Terror", slug: "noites-de-terror", theme: "horror" })
const hidden = collectionFixture({ name: "Coleção Inativa", slug: "inativa", isActive: false })
// Anime starts in July 2026: Jul..Oct released, Nov current, Dec.. upcoming.
const animeCharacters = charactersFixture(anime, { year: 2026, month: 7 })
const horrorCharacters = charactersFixture(horror, { year: 2026, month: 10 })
const plans = inMemoryPlans()
const catalog = inMemoryCatalog(
  [anime, horror, hidden],
  [...animeCharacters, ...horrorCharacters, ...charactersFixture(hidden, { year: 2026, month: 11 })],
)

const site = Layer.succeed(
  StoreSite,
  StoreSite.of({ name: "Legendarium", publicUrl: "https://loja.example" }),
)
type Ports =
  | CatalogRepository
  | Clock
  | StoreSettings
  | InstallmentLimit
  | PrepaidPlans
  | StoreSite
  | EditionLimits
/** The first anime character is a numbered edition of one unit per collector; the others have no limit. */
const editionLimits = Layer.succeed(
  EditionLimits,
  EditionLimits.of({
    limits: (ids) => Effect.succeed(new Map(ids.map((id) => [id, id === animeCharacters[0]?.id ? 1 : null]))),
    held: () => Effect.die(new Error("EditionLimits.held was not given")),
    atLimit: () => Effect.die(new Error("EditionLimits.atLimit was not given")),
  }),
)

const run = <A, E>(effect: Effect.Effect<A, E, Ports>, now = NOW, settings = settingsLayer()) =>
  Effect.runPromiseExit(
    effect.pipe(
      Effect.provide(Layer.mergeAll(catalog, fixedClock(now), settings, plans.layer, site, editionLimits)),
    ),
  )

const value = async <A, E>(effect: Effect.Effect<A, E, Ports>, now = NOW) => {
  const exit = await run(effect, now)
  if (Exit.isFailure(exit)) throw new Error(String(exit.cause))
  return exit.value
}

describe("getHomePage", () => {
  it("shows the current month's edition, computed from the clock", async () => {
    const home = await value(getHomePage())
    expect(home.edition).toMatchObject({
      year: 2026,
      month: 11,
      label: "Novembro de 2026",
      revealDate: "15/11/2026",
      daysUntilReveal: 5,
    })
  })

  it("highlights this month's characters, featured collection first, still mysterious before the 15th", async () => {
    const home = await value(getHomePage())
    expect(home.highlights.map((h) => h.collection.slug)).toEqual(["lendas-do-anime", "noites-de-terror"])
    expect(home.highlights[0]).toMatchObject({
      name: "Personagem Misterioso",
      revealed: false,
      status: "current",
      description: null,
    })
    expect(home.highlights[0]?.hints).toHaveLength(3)
    expect(home.highlights[0]?.purchase.canBuy).toBe(true)
  })

  it("says on the 15th's morning that the reveal is today, not that it happened", async () => {
    const morning = await value(getHomePage(), saoPauloInstant({ year: 2026, month: 11, day: 15 }, 11, 59))
    expect(morning.edition).toMatchObject({ daysUntilReveal: 0, revealed: false })
    const noon = await value(getHomePage(), saoPauloInstant({ year: 2026, month: 11, day: 15 }, 12))
    expect(noon.edition).toMatchObject({ daysUntilReveal: 0, revealed: true })
  })

  it("reveals them from the 15th at noon", async () => {
    const home = await value(getHomePage(), saoPauloInstant({ year: 2026, month: 11, day: 15 }, 12))
    expect(home.highlights[0]).toMatchObject({ name: "Personagem 5", revealed: true, rarity: "common" })
  })

  it("names the featured collection with its counters and the ship date of a payment made today", async () => {
    const home = await value(getHomePage())
    expect(home.featured).toMatchObject({
      slug: "lendas-do-anime",
      price: 29990,
      counters: { total: 12, revealed: 4, upcoming: 8 },
    })
    expect(home.shipping.shipDate).toBe("30/11/2026")
  })
})

describe("listCollections", () => {
  it("lists only active collections, featured first, priced by theme", async () => {
    const list = await value(listCollections())
    expect(list.map((c) => [c.slug, c.price, c.statusBadge])).toEqual([
      ["lendas-do-anime", 29990, "Ativa"],
      ["noites-de-terror", 39990, "Ativa"],
    ])
  })
})

describe("getCollection", () => {
  it("finds a collection by slug or id and projects each character's timeline", async () => {
    const bySlug = await value(getCollection("lendas-do-anime"))
    const byId = await value(getCollection(anime.id))
    expect(byId.collection.id).toBe(bySlug.collection.id)
    expect(bySlug.characters.map((c) => c.status)).toEqual([
      ...Array(4).fill("released"),
      "current",
      ...Array(7).fill("upcoming"),
    ])
    expect(bySlug.characters[0]?.purchase).toMatchObject({ canBuy: false })
    expect(bySlug.characters[11]).toMatchObject({
      name: "Personagem Misterioso",
      imageUrl: "/media/mystery-lendas-do-anime.svg",
    })
  })

  it("fails with CollectionNotFound for an unknown or inactive collection", async () => {
    for (const key of ["nao-existe", "inativa", hidden.id]) {
      const exit = await run(getCollection(key))
      expect(Exit.isFailure(exit) && JSON.stringify(exit.cause)).toContain("CollectionNotFound")
    }
  })
})

describe("getCharacter", () => {
  it("hides name, stats and abilities of a character not yet revealed, but lists its hints", async () => {
    const upcomingThisMonth = animeCharacters[4]!
    const { character } = await value(getCharacter(upcomingThisMonth.id))
    expect(character).toMatchObject({
      name: "Personagem Misterioso",
      stats: null,
      abilities: [],
      universe: null,
    })
    expect(character.allHints).toHaveLength(5)
  })

  it("shows every detail of a revealed character", async () => {
    const { character } = await value(getCharacter(animeCharacters[0]!.id))
    expect(character).toMatchObject({
      name: "Personagem 1",
      rarity: "legendary",
      stats: { strength: 90 },
      abilities: ["Golpe"],
    })
  })

  it("says a numbered edition's per-collector limit, and nothing where there is none", async () => {
    expect((await value(getCharacter(animeCharacters[0]!.id))).editionNote).toBe(
      "Edição numerada: 1 unidade por colecionador.",
    )
    expect((await value(getCharacter(animeCharacters[1]!.id))).editionNote).toBeNull()
  })

  it("fails with CharacterNotFound for an unknown id", async () => {
    const exit = await run(getCharacter("00000000-0000-4000-8000-999999999999"))
    expect(Exit.isFailure(exit) && JSON.stringify(exit.cause)).toContain("CharacterNotFound")
  })
})

describe("getPlansComparison", () => {
  it("preselects by id, slug, theme or name (accents and case ignored)", async () => {
    for (const key of [horror.id, "noites-de-terror", "HORROR", "noites de terror"]) {
      const plans = await value(getPlansComparison(key))
      expect(plans.selected?.collection.slug).toBe("noites-de-terror")
    }
  })

  it("quotes single purchase and the three prepaid periods", async () => {
    const plans = await value(getPlansComparison("anime"))
    expect(plans.selected?.single.price).toBe(29990)
    expect(plans.selected?.plans.map((p) => [p.period, p.total, p.discount])).toEqual([
      ["quarterly", 80973, 8997],
      ["semiannual", 152949, 26991],
      ["annual", 287904, 71976],
    ])
  })

  it("offers only the active plans, with the administrator's names and prices", async () => {
    const quarterly = plans.rows.get("quarterly")
    const annual = plans.rows.get("annual")
    if (!quarterly || !annual) throw new Error("seed")
    plans.rows.set("quarterly", { ...quarterly, name: "Trimestre", price: 72990 })
    plans.rows.set("annual", { ...annual, isActive: false })
    try {
      const compared = await value(getPlansComparison("anime"))
      expect(compared.selected?.plans.map((p) => [p.period, p.label, p.total])).toEqual([
        ["quarterly", "Trimestre", 72990],
        ["semiannual", "Semestral", 152949],
      ])
    } finally {
      plans.rows.set("quarterly", quarterly)
      plans.rows.set("annual", annual)
    }
  })

  it("hides collections whose names contain a configured name", async () => {
    const exit = await run(getPlansComparison(null), NOW, settingsLayer({ plansHiddenNames: ["terror"] }))
    expect(Exit.isSuccess(exit) && exit.value.collections.map((c) => c.slug)).toEqual(["lendas-do-anime"])
  })

  it("selects nothing for an unknown collection", async () => {
    expect((await value(getPlansComparison("xyz"))).selected).toBeNull()
  })
})

describe("storefront prices, the Brazilian way", () => {
  const plain = (text: string | null) => text?.replace(/\u00a0/g, " ") ?? null
  const lines = (p: { cardPrice: string; installments: string | null; pix: string | null }) =>
    [p.cardPrice, p.installments, p.pix].map(plain)

  it("shows every card and page price by card in interest-free instalments and by PIX", async () => {
    const { character } = await value(getCharacter(animeCharacters[0]!.id))
    expect(lines(character.prices)).toEqual([
      "R$ 299,90",
      "em até 12x de R$ 24,99 sem juros",
      "R$ 284,90 no PIX",
    ])
    expect(character.prices.pixDiscount).toBe("5% de desconto")
    const home = await value(getHomePage())
    for (const card of home.highlights) expect(card.prices.price).toBe(card.price)
    const page = await value(getCollection("noites-de-terror"))
    expect(lines(page.collection.prices)).toEqual([
      "R$ 399,90",
      "em até 12x de R$ 33,32 sem juros",
      "R$ 379,90 no PIX",
    ])
    expect(page.characters.every((c) => plain(c.prices.pix) === "R$ 379,90 no PIX")).toBe(true)
    const listed = await value(listCollections())
    expect(listed.map((c) => plain(c.prices.pix))).toEqual(["R$ 284,90 no PIX", "R$ 379,90 no PIX"])
  })

  it("promises no more instalments than the gateway's table pays the interest of", async () => {
    const exit = await run(getCharacter(animeCharacters[0]!.id), NOW, settingsLayer({}, 3))
    if (!Exit.isSuccess(exit)) throw new Error(String(exit))
    expect(plain(exit.value.character.prices.installments)).toBe("em até 3x de R$ 99,96 sem juros")
  })

  it("shows no PIX line with no discount, and no instalment line at 1x", async () => {
    const conventions = {
      ...DEFAULT_CONVENTIONS,
      priceTerms: {
        ...DEFAULT_CONVENTIONS.priceTerms,
        pixDiscountBasisPoints: 0,
        interestFreeInstallments: 1,
      },
    }
    const exit = await run(getCharacter(animeCharacters[0]!.id), NOW, settingsLayer({ conventions }))
    if (!Exit.isSuccess(exit)) throw new Error(String(exit))
    expect(lines(exit.value.character.prices)).toEqual(["R$ 299,90", null, null])
    expect(exit.value.character.prices.pixDiscount).toBeNull()
  })

  it("gives the product page its schema.org Offer at the page's price", async () => {
    const { character, jsonLd } = await value(getCharacter(animeCharacters[4]!.id))
    const data = JSON.parse(jsonLd)
    expect(data.offers).toMatchObject({ price: "299.90", priceCurrency: "BRL" })
    expect(data.offers.url).toBe(`https://loja.example/character/${character.id}`)
  })

  it("offers each prepaid plan's total the same way", async () => {
    const compared = await value(getPlansComparison("anime"))
    const quarterly = compared.selected?.plans.find((p) => p.period === "quarterly")
    expect(quarterly?.prices.price).toBe(quarterly?.total)
    expect(plain(quarterly?.prices.pix ?? null)).toBe("R$ 769,24 no PIX")
    expect(compared.selected?.single.prices.cardPrice).toBe(compared.selected?.collection.prices.cardPrice)
  })
})

describe("strict fakes", () => {
  it("fail with the method's name when a use case asks for something not given", async () => {
    const partial = Layer.succeed(
      CatalogRepository,
      strictFake<CatalogRepository["Service"]>("CatalogRepository", {}),
    )
    const exit = await Effect.runPromiseExit(
      listCollections().pipe(
        Effect.provide(Layer.mergeAll(partial, fixedClock(NOW))),
      ) as Effect.Effect<unknown>,
    )
    expect(Exit.isFailure(exit) && String(exit.cause)).toContain(
      "CatalogRepository.listActiveCollections was not given",
    )
  })
})
