import { describe, expect, it } from "vitest"
import { productDraft } from "../../tests/fakes/catalogAdminFixtures"
import { validateProduct } from "../catalogAdmin/product"
import {
  collectorLimitError,
  defaultCollectorLimit,
  EDITION_LIMIT_MESSAGES,
  holdsEditionUnits,
  sameCollector,
} from "./editionLimit"

describe("the administrator's limit of a product", () => {
  it("defaults to one per collector for a numbered edition and to none for a made-to-order product", () => {
    expect(defaultCollectorLimit(500)).toBe(1)
    expect(defaultCollectorLimit(null)).toBeNull()
  })

  it("takes 1 to 10 or no limit, and only on a numbered edition", () => {
    expect(collectorLimitError(1, 100)).toBeNull()
    expect(collectorLimitError(10, 100)).toBeNull()
    expect(collectorLimitError(null, 100)).toBeNull()
    expect(collectorLimitError(null, null)).toBeNull()
    for (const bad of [0, 11, 1.5, Number.NaN])
      expect(collectorLimitError(bad, 100)).toBe(EDITION_LIMIT_MESSAGES.range)
    expect(collectorLimitError(1, null)).toBe(EDITION_LIMIT_MESSAGES.notNumbered)
  })

  it("is one of the product form's rules, said in pt-BR on its field", () => {
    const refused = validateProduct(productDraft("c1", { editionSize: 100, collectorLimit: 11 }))
    expect(refused).toMatchObject({ ok: false, errors: { collectorLimit: EDITION_LIMIT_MESSAGES.range } })
    expect(EDITION_LIMIT_MESSAGES.range).toBe(
      'Limite por colecionador deve ser de 1 a 10 unidades, ou "Sem limite"',
    )
    expect(validateProduct(productDraft("c1", { editionSize: 100, collectorLimit: 2 }))).toMatchObject({
      ok: true,
      value: { collectorLimit: 2 },
    })
  })
})

describe("whose orders count toward a collector's share", () => {
  const ana = { userId: "u-ana", cpf: "52998224725" }

  it("counts orders paid or awaiting payment, not lapsed, refused, called off or given back", () => {
    expect(holdsEditionUnits({ status: "awaiting_payment", fulfilmentStatus: null })).toBe(true)
    expect(holdsEditionUnits({ status: "paid", fulfilmentStatus: "awaiting_production" })).toBe(true)
    expect(holdsEditionUnits({ status: "paid", fulfilmentStatus: "delivered" })).toBe(true)
    for (const status of ["expired", "rejected", "cancelled"])
      expect(holdsEditionUnits({ status, fulfilmentStatus: null })).toBe(false)
    for (const fulfilmentStatus of ["cancelled", "returned", "refunded"])
      expect(holdsEditionUnits({ status: "paid", fulfilmentStatus })).toBe(false)
  })

  it("joins accounts by the CPF of their orders", () => {
    // Her own account, whatever CPF an order carried.
    expect(sameCollector(ana, { userId: "u-ana", cpf: "11144477735" })).toBe(true)
    // Another account that bought with her CPF.
    expect(sameCollector(ana, { userId: "u-bruno", cpf: "52998224725" })).toBe(true)
    expect(sameCollector(ana, { userId: "u-bruno", cpf: "11144477735" })).toBe(false)
    // An order whose CPF was erased with its account links no one; a collector without a CPF only has their own.
    expect(sameCollector(ana, { userId: null, cpf: null })).toBe(false)
    expect(sameCollector({ userId: "u-ana", cpf: null }, { userId: "u-bruno", cpf: null })).toBe(false)
  })
})
