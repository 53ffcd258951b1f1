import { describe, expect, it } from "vitest"
import { filterOwned, missingPreview, monthLabel, monthlyActivity, type OwnedCharacter } from "./myCollection"
import {
  filterShelf,
  NO_SHELF_FILTERS,
  SHELF_MESSAGES,
  type ShelfEntry,
  type ShelfItemInput,
  shelfEmptyText,
  shelfFilterOptions,
  shelfStats,
  validatePieceNotes,
  validateShelfItem,
} from "./shelf"

const input = (over: Partial<ShelfItemInput> = {}): ShelfItemInput => ({
  name: "Goku Super Saiyajin",
  company: "Bandai",
  collection: "Dragon Ball",
  category: "Action figure",
  description: "",
  condition: "perfeito",
  rarity: "epic",
  companyStatus: "ativa",
  estimatedValueCents: 25_000,
  acquiredOn: "2026-10-01",
  notes: "",
  ...over,
})
const TODAY = "2026-11-27"

describe("validateShelfItem", () => {
  it("accepts a complete item and trims it", () => {
    const r = validateShelfItem(input({ name: "  Goku  ", acquiredOn: "" }), TODAY)
    expect(r).toMatchObject({ ok: true, value: { name: "Goku", acquiredOn: null } })
  })
  it("requires name, company and category with pt-BR messages", () => {
    const r = validateShelfItem(input({ name: " ", company: "", category: "" }), TODAY)
    expect(r).toEqual({
      ok: false,
      errors: {
        name: SHELF_MESSAGES.nameRequired,
        company: SHELF_MESSAGES.companyRequired,
        category: SHELF_MESSAGES.categoryRequired,
      },
    })
  })
  it("refuses notes of 200 characters or more with the spec's text", () => {
    expect(validateShelfItem(input({ notes: "a".repeat(199) }), TODAY).ok).toBe(true)
    const r = validateShelfItem(input({ notes: "a".repeat(200) }), TODAY)
    expect(r.ok ? null : r.errors.notes).toBe("As notas devem ter menos de 200 caracteres")
    expect(validatePieceNotes("b".repeat(200))).toBe("As notas devem ter menos de 200 caracteres")
    expect(validatePieceNotes("ok")).toBeNull()
  })
  it("refuses unknown choices, a negative or fractional value, an invalid or future date", () => {
    const r = validateShelfItem(
      input({ condition: "novo", rarity: "ultra", companyStatus: "falida", estimatedValueCents: 10.5 }),
      TODAY,
    )
    expect(r.ok ? [] : Object.keys(r.errors).sort()).toEqual([
      "companyStatus",
      "condition",
      "estimatedValueCents",
      "rarity",
    ])
    for (const acquiredOn of ["2026-02-30", "2026-11-28", "27/11/2026"])
      expect(validateShelfItem(input({ acquiredOn }), TODAY).ok).toBe(false)
    expect(validateShelfItem(input({ estimatedValueCents: -1 }), TODAY).ok).toBe(false)
  })
})

const entry = (over: Partial<ShelfEntry>): ShelfEntry => ({
  kind: "item",
  id: "x",
  name: "Item",
  company: "Bandai",
  collection: "",
  category: "Action figure",
  description: "",
  rarity: "common",
  condition: "bom",
  conditionLabel: "Bom",
  companyStatus: "ativa",
  valueCents: 0,
  origin: "Adicionado pelo colecionador",
  imageUrl: null,
  acquiredOn: null,
  notes: "",
  isForTrade: false,
  productId: null,
  ...over,
})

describe("shelf stats, filters and empty texts", () => {
  const entries = [
    entry({
      id: "1",
      name: "Pokémon Pikachu",
      company: "Tomy",
      companyStatus: "fechada",
      rarity: "legendary",
      valueCents: 10_000,
    }),
    entry({
      id: "2",
      name: "Charizard",
      company: "tomy",
      companyStatus: "fechada",
      rarity: "epic",
      valueCents: 5_000,
    }),
    entry({
      id: "3",
      name: "Naruto",
      company: "Bandai",
      category: "Estátua",
      rarity: "rare",
      valueCents: 2_500,
    }),
    entry({
      id: "4",
      kind: "piece",
      name: "Dracula",
      company: "Legendarium",
      rarity: "common",
      valueCents: 19_990,
    }),
  ]
  it("counts total, closed companies once each, epic/legendary and the value in centavos", () => {
    expect(shelfStats(entries)).toEqual({
      total: 4,
      closedCompanies: 1,
      epicOrLegendary: 2,
      valueCents: 37_490,
    })
    expect(shelfStats([])).toEqual({ total: 0, closedCompanies: 0, epicOrLegendary: 0, valueCents: 0 })
  })
  it("filters by search without accents or case, category, company and rarity", () => {
    expect(filterShelf(entries, { ...NO_SHELF_FILTERS, search: "pokemon" }).map((e) => e.id)).toEqual(["1"])
    expect(filterShelf(entries, { ...NO_SHELF_FILTERS, category: "Estátua" }).map((e) => e.id)).toEqual(["3"])
    expect(filterShelf(entries, { ...NO_SHELF_FILTERS, company: "Tomy" }).map((e) => e.id)).toEqual(["1"])
    expect(filterShelf(entries, { ...NO_SHELF_FILTERS, rarity: "epic" }).map((e) => e.id)).toEqual(["2"])
    expect(shelfFilterOptions(entries).categories).toEqual(["Action figure", "Estátua"])
  })
  it("says the spec's empty texts for owner, visitor and filters", () => {
    expect(shelfEmptyText(NO_SHELF_FILTERS, true)).toEqual({
      title: "Nenhum item encontrado",
      hint: "Comece adicionando seus primeiros itens à estante!",
    })
    expect(shelfEmptyText(NO_SHELF_FILTERS, false).hint).toBe(
      "Este usuário ainda não adicionou itens à estante.",
    )
    expect(shelfEmptyText({ ...NO_SHELF_FILTERS, search: "x" }, true).hint).toBe(
      "Tente ajustar os filtros de busca",
    )
  })
})

describe("my collection", () => {
  const owned = (over: Partial<OwnedCharacter>): OwnedCharacter => ({
    pieceId: "p",
    productId: "c",
    name: "A",
    imageUrl: "/media/a.svg",
    rarity: "common",
    collectionId: "col1",
    collectionName: "Horror",
    priceCents: 10_000,
    acquiredAt: 0,
    ...over,
  })
  const list = [
    owned({ pieceId: "1", name: "Zumbi", rarity: "rare", priceCents: 5_000, acquiredAt: 3 }),
    owned({
      pieceId: "2",
      name: "Ártemis",
      rarity: "legendary",
      priceCents: 9_000,
      acquiredAt: 1,
      collectionId: "col2",
    }),
    owned({ pieceId: "3", name: "Drácula", rarity: "epic", priceCents: 20_000, acquiredAt: 2 }),
  ]
  const ids = (f: Partial<Parameters<typeof filterOwned>[1]>) =>
    filterOwned(list, { collectionId: "", rarity: "", search: "", sort: "recent", ...f }).map(
      (c) => c.pieceId,
    )
  it("sorts by recent, name (pt-BR), rarity and price", () => {
    expect(ids({})).toEqual(["1", "3", "2"])
    expect(ids({ sort: "name" })).toEqual(["2", "3", "1"])
    expect(ids({ sort: "rarity" })).toEqual(["2", "3", "1"])
    expect(ids({ sort: "price" })).toEqual(["3", "2", "1"])
  })
  it("filters by collection, rarity and search", () => {
    expect(ids({ collectionId: "col2" })).toEqual(["2"])
    expect(ids({ rarity: "rare" })).toEqual(["1"])
    expect(ids({ search: "dracula" })).toEqual(["3"])
  })
  it("buckets spend and pieces per month, empty months included", () => {
    expect(
      monthlyActivity(
        [
          { month: "2026-09", priceCents: 100 },
          { month: "2026-09", priceCents: 200 },
          { month: "2026-11", priceCents: 50 },
        ],
        "2026-12",
      ),
    ).toEqual([
      { month: "2026-09", pieces: 2, spentCents: 300 },
      { month: "2026-10", pieces: 0, spentCents: 0 },
      { month: "2026-11", pieces: 1, spentCents: 50 },
      { month: "2026-12", pieces: 0, spentCents: 0 },
    ])
    expect(monthlyActivity([{ month: "2025-12", priceCents: 1 }], "2026-01").map((m) => m.month)).toEqual([
      "2025-12",
      "2026-01",
    ])
    expect(monthlyActivity([], "2026-01")).toEqual([])
    expect(monthLabel("2026-11")).toBe("nov/26")
  })
  it("shows 6 missing characters, then '+N mais'", () => {
    expect(missingPreview([1, 2, 3])).toEqual({ shown: [1, 2, 3], more: null })
    const nine = missingPreview([1, 2, 3, 4, 5, 6, 7, 8, 9])
    expect(nine.shown).toHaveLength(6)
    expect(nine.more).toBe("+3 mais")
  })
})
