import { Layer } from "effect"
import { describe, expect, it } from "vitest"
import { saoPauloInstant } from "../../domain/calendar"
import {
  type CouponDraft,
  defaultCouponDraft,
  COUPON_ADMIN_MESSAGES as M,
} from "../../domain/orders/couponAdmin"
import { admin, moderator } from "../../tests/fakes/fulfilmentWorld"
import { inMemoryAdminAudit } from "../../tests/fakes/inMemoryAdminAudit"
import { inMemoryCouponCatalog } from "../../tests/fakes/inMemoryCouponCatalog"
import { ana, DAY, ordersWorld } from "../../tests/fakes/ordersWorld"
import type { CouponQuery } from "../ports/CouponCatalog"
import { createCoupon } from "./createCoupon"
import { deleteCoupon } from "./deleteCoupon"
import { duplicateCoupon } from "./duplicateCoupon"
import { listCoupons } from "./listCoupons"
import { setCouponActive } from "./setCouponActive"
import { updateCoupon } from "./updateCoupon"

const NOV_27 = saoPauloInstant({ year: 2026, month: 11, day: 27 }, 10)
const QUERY: CouponQuery = { sort: "recent", page: 1, pageSize: 20 }

function couponsWorld() {
  const audit = inMemoryAdminAudit()
  const coupons = inMemoryCouponCatalog()
  const w = ordersWorld({
    now: NOV_27,
    others: [audit.participant, coupons.participant],
    extra: () => Layer.mergeAll(audit.layer, coupons.layer),
  })
  return { ...w, audit, coupons }
}

const draft = (over: Partial<CouponDraft> = {}): CouponDraft => ({
  ...defaultCouponDraft(NOV_27),
  code: "natal10",
  ...over,
})

describe("the coupons administration", () => {
  it("refuses a customer and a visitor, and lets a moderator manage coupons", async () => {
    const w = couponsWorld()
    expect(await w.fails(listCoupons(QUERY), ana)).toMatchObject({ _tag: "Forbidden" })
    expect(await w.fails(createCoupon(draft()), ana)).toMatchObject({ _tag: "Forbidden" })
    expect(await w.fails(listCoupons(QUERY), null)).toMatchObject({ _tag: "NotSignedIn" })
    expect(w.coupons.rows.size).toBe(0)
    const created = await w.ok(createCoupon(draft()), moderator)
    expect(created).toMatchObject({ code: "NATAL10", isActive: true, status: "active", totalUses: 0 })
    expect(await w.fails(deleteCoupon(created.id), ana)).toMatchObject({ _tag: "Forbidden" })
    expect(await w.fails(setCouponActive(created.id, false), ana)).toMatchObject({ _tag: "Forbidden" })
    expect(await w.fails(duplicateCoupon(created.id), ana)).toMatchObject({ _tag: "Forbidden" })
    expect(w.coupons.rows.size).toBe(1)
  })

  it("creates a coupon with the form's rules and logs who did it", async () => {
    const w = couponsWorld()
    const created = await w.ok(createCoupon(draft({ type: "fixed", value: 2500, maxUses: 100 })), admin)
    expect(created).toMatchObject({
      code: "NATAL10",
      type: "fixed",
      value: 2500,
      maxUses: 100,
      createdAt: NOV_27,
    })
    expect(w.audit.changes()).toEqual([
      expect.objectContaining({
        subjectType: "coupon",
        subjectId: created.id,
        subjectLabel: "NATAL10",
        action: "create",
        actor: { kind: "admin", id: admin.id, email: admin.email },
        changes: expect.objectContaining({
          code: { from: null, to: "NATAL10" },
          value: { from: null, to: 2500 },
        }),
      }),
    ])
    expect(w.audit.changes()[0]?.changes).not.toHaveProperty("updatedAt")
  })

  it.each<[string, Partial<CouponDraft>, string]>([
    ["no code", { code: "" }, M.codeRequired],
    ["a percentage over 100", { value: 150 }, M.percentRange],
    ["an end before the start", { validUntil: "2026-11-01" }, M.validUntil],
  ])("refuses %s with the form's text, changing and logging nothing", async (_, over, message) => {
    const w = couponsWorld()
    expect(await w.fails(createCoupon(draft(over)), admin)).toMatchObject({ _tag: "InvalidInput", message })
    expect(w.coupons.rows.size).toBe(0)
    expect(w.audit.changes()).toHaveLength(0)
  })

  it("refuses a code in use, on create and on edit, in pt-BR", async () => {
    const w = couponsWorld()
    await w.ok(createCoupon(draft()), admin)
    const other = await w.ok(createCoupon(draft({ code: "FRETE" })), admin)
    expect(await w.fails(createCoupon(draft({ code: " Natal10 " })), admin)).toMatchObject({
      message: M.codeTaken,
    })
    expect(await w.fails(updateCoupon(other.id, draft()), admin)).toMatchObject({ message: M.codeTaken })
    expect(w.coupons.rows.get(other.id)?.code).toBe("FRETE")
    expect(w.audit.changes()).toHaveLength(2)
  })

  it("edits a coupon, logging the fields before and after; a limit below the uses is refused", async () => {
    const w = couponsWorld()
    const created = await w.ok(createCoupon(draft()), admin)
    w.coupons.rows.set(created.id, { ...created, totalUses: 4 })
    expect(await w.fails(updateCoupon(created.id, draft({ maxUses: 3 })), admin)).toMatchObject({
      message: "O limite de usos não pode ser menor que os 4 usos já feitos",
    })
    w.advance(DAY)
    const saved = await w.ok(updateCoupon(created.id, draft({ value: 15, maxUses: 4 })), moderator)
    expect(saved).toMatchObject({ value: 15, maxUses: 4, totalUses: 4, updatedAt: NOV_27 + DAY })
    expect(w.audit.changes()[1]).toMatchObject({
      action: "update",
      actor: { id: moderator.id },
      changes: { value: { from: 10, to: 15 }, maxUses: { from: null, to: 4 } },
    })
    expect(await w.fails(updateCoupon("nope", draft()), admin)).toMatchObject({ _tag: "CouponNotFound" })
  })

  it("switches a coupon off and on ('Cupom desativado' / 'Cupom ativado'), logging each change once", async () => {
    const w = couponsWorld()
    const created = await w.ok(createCoupon(draft()), admin)
    expect(await w.ok(setCouponActive(created.id, false), admin)).toMatchObject({ status: "inactive" })
    expect(await w.ok(setCouponActive(created.id, false), admin)).toMatchObject({ isActive: false })
    expect(await w.ok(setCouponActive(created.id, true), admin)).toMatchObject({ status: "active" })
    expect(w.audit.changes().map((c) => [c.action, c.changes])).toEqual([
      ["create", expect.anything()],
      ["deactivate", { isActive: { from: true, to: false } }],
      ["activate", { isActive: { from: false, to: true } }],
    ])
  })

  it("duplicates a coupon as CODE-COPIA, then -COPIA2: same conditions, no uses, inactive", async () => {
    const w = couponsWorld()
    const created = await w.ok(createCoupon(draft({ maxUses: 10, minimumOrderValue: 5000 })), admin)
    w.coupons.rows.set(created.id, { ...created, totalUses: 7, conversions: 5, revenue: 150000 })
    const copy = await w.ok(duplicateCoupon(created.id), admin)
    expect(copy).toMatchObject({
      code: "NATAL10-COPIA",
      value: 10,
      maxUses: 10,
      minimumOrderValue: 5000,
      totalUses: 0,
      conversions: 0,
      revenue: 0,
      isActive: false,
      status: "inactive",
    })
    expect(copy.id).not.toBe(created.id)
    expect((await w.ok(duplicateCoupon(created.id), admin)).code).toBe("NATAL10-COPIA2")
    expect(w.audit.changes().at(-1)).toMatchObject({ action: "duplicate", subjectLabel: "NATAL10-COPIA2" })
  })

  it("deletes a coupon, logging what it was; a second delete finds nothing", async () => {
    const w = couponsWorld()
    const created = await w.ok(createCoupon(draft()), admin)
    await w.ok(deleteCoupon(created.id), admin)
    expect(w.coupons.rows.size).toBe(0)
    expect(w.audit.changes().at(-1)).toMatchObject({
      action: "delete",
      changes: expect.objectContaining({ code: { from: "NATAL10", to: null } }),
    })
    expect(await w.fails(deleteCoupon(created.id), admin)).toMatchObject({ _tag: "CouponNotFound" })
  })

  it("lists by status on the server's clock, with the counts of all and of active coupons", async () => {
    const w = couponsWorld()
    const a = await w.ok(createCoupon(draft({ code: "ATIVO" })), admin)
    const b = await w.ok(createCoupon(draft({ code: "PARADO" })), admin)
    await w.ok(createCoupon(draft({ code: "CURTO", validUntil: "2026-11-28" })), admin)
    await w.ok(setCouponActive(b.id, false), admin)
    w.advance(2 * DAY)
    const page = await w.ok(listCoupons(QUERY), admin)
    expect(page).toMatchObject({ total: 3, page: 1, pageCount: 1, counts: { total: 3, active: 1 } })
    expect(page.rows.map((r) => [r.code, r.status])).toEqual([
      ["CURTO", "expired"],
      ["PARADO", "inactive"],
      ["ATIVO", "active"],
    ])
    const expired = await w.ok(listCoupons({ ...QUERY, status: "expired" }), admin)
    expect(expired.rows.map((r) => r.code)).toEqual(["CURTO"])
    expect((await w.ok(listCoupons({ ...QUERY, search: "ati" }), admin)).rows[0]?.id).toBe(a.id)
  })
})
