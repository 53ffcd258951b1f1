import { describe, expect, it } from "vitest"
import { collectionDraft, productDraft } from "../../tests/fakes/catalogAdminFixtures"
import {
  formatSaoPauloDateTime,
  CATALOG_ADMIN_MESSAGES as M,
  moveInOrder,
  nextDisplayOrder,
  parseSaoPauloDateTime,
  slugify,
  validateCollection,
  validateProduct,
} from "./index"

const collection = collectionDraft()
const product = productDraft("c1", { displayMonth: 3, hints: ["a", "b"] })

const errorsOf = <T extends { ok: boolean }>(r: T) =>
  r.ok ? {} : (r as unknown as { errors: object }).errors

describe("collection rules", () => {
  it("accepts a complete collection and trims it", () => {
    const r = validateCollection({ ...collection, name: "  Lendas  " })
    expect(r.ok && r.value.name).toBe("Lendas")
  })
  it.each([
    [{ name: " " }, "name", M.collectionName],
    [{ theme: "pirates" }, "theme", M.theme],
    [{ description: "curta" }, "description", M.description],
    [{ price: -1 }, "price", M.price],
    [{ price: 10.5 }, "price", M.price],
    [{ price: null }, "price", M.price],
    [{ endDate: "2026-01-01" }, "endDate", M.endDate],
    [{ endDate: "" }, "endDate", M.endDateMissing],
    [{ startDate: "2026-02-30" }, "startDate", M.startDate],
    [{ imageUrl: "https://evil.example/x.jpeg" }, "imageUrl", M.image],
  ])("refuses %o", (change, field, message) => {
    expect(errorsOf(validateCollection({ ...collection, ...change }))).toEqual({ [field]: message })
  })
  it("slugs a name without accents", () => {
    expect(slugify("Heróis da Ação!")).toBe("herois-da-acao")
    expect(slugify("!!!")).toBe("item")
  })
})

describe("product rules", () => {
  it("accepts a complete product, dropping empty hints", () => {
    const r = validateProduct({ ...product, hints: ["a", " ", "b"] })
    expect(r.ok && r.value.hints).toEqual(["a", "b"])
  })
  it.each([
    [{ collectionId: "" }, "collectionId", M.selectCollection],
    [{ name: "" }, "name", M.characterName],
    [{ imageUrl: "" }, "imageUrl", M.image],
    [{ displayMonth: 0 }, "displayMonth", M.displayMonth],
    [{ displayMonth: 13 }, "displayMonth", M.displayMonth],
    [{ hints: ["1", "2", "3", "4", "5", "6"] }, "hints", M.hints],
    [{ stats: { strength: 101, speed: 0, intelligence: 0, durability: 0 } }, "stats", M.stat],
    [{ weightGrams: 0 }, "weightGrams", M.weight],
    [{ dimensions: { length: 0, width: 1, height: 1 } }, "dimensions", M.dimensions],
    [{ editionSize: 0 }, "editionSize", M.editionSize],
    [{ previewAt: 4_000 }, "revealAt", M.phases],
  ])("refuses %o", (change, field, message) => {
    expect(errorsOf(validateProduct({ ...product, ...change }))).toEqual({ [field]: message })
  })
  it("allows five hints", () => {
    expect(validateProduct({ ...product, hints: ["1", "2", "3", "4", "5"] }).ok).toBe(true)
  })
  it("reads and writes São Paulo wall time", () => {
    const at = parseSaoPauloDateTime("2026-03-15T12:00")
    expect(new Date(at).toISOString()).toBe("2026-03-15T15:00:00.000Z")
    expect(formatSaoPauloDateTime(at)).toBe("2026-03-15T12:00")
    expect(parseSaoPauloDateTime("2026-13-01T00:00")).toBeNaN()
  })
})

describe("display order", () => {
  it("swaps with the neighbour", () => {
    expect(moveInOrder(["a", "b", "c"], "b", "up")).toEqual(["b", "a", "c"])
    expect(moveInOrder(["a", "b", "c"], "b", "down")).toEqual(["a", "c", "b"])
  })
  it("cannot move past the ends or an unknown id", () => {
    expect(moveInOrder(["a", "b"], "a", "up")).toBeNull()
    expect(moveInOrder(["a", "b"], "b", "down")).toBeNull()
    expect(moveInOrder(["a", "b"], "z", "up")).toBeNull()
  })
  it("puts a new product last", () => {
    expect(nextDisplayOrder([])).toBe(1)
    expect(nextDisplayOrder([3, 1, 7])).toBe(8)
  })
})
