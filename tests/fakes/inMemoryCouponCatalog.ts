import { Effect, Layer } from "effect"
import { type AdminCoupon, CouponCatalog } from "../../application/ports/CouponCatalog"
import { type CouponFields, couponStatus, matchesCouponFilter } from "../../domain/orders/couponAdmin"
import type { Transactional } from "./inMemoryEvents"

/**
 * The administrators' coupons over a map, following the domain's filter; codes unique like the table's
 * constraint. `rows` is exposed so tests can look inside and set figures the orders would give.
 */
export function inMemoryCouponCatalog(seed: readonly AdminCoupon[] = []) {
  const rows = new Map(seed.map((c) => [c.id, c]))
  const codeTaken = (code: string, except?: string) =>
    [...rows.values()].some((c) => c.code === code && c.id !== except)
  const saved = (id: string, fields: CouponFields, now: number) => {
    const row = rows.get(id)
    if (!row) return null
    const next = { ...row, ...fields, updatedAt: now }
    rows.set(id, next)
    return next
  }
  const catalog = CouponCatalog.of({
    list: (query, now) =>
      Effect.sync(() => {
        const matching = [...rows.values()]
          .filter((c) => matchesCouponFilter(c, query, now))
          .sort(
            (a, b) =>
              (query.sort === "code" ? a.code.localeCompare(b.code) : 0) ||
              (query.sort === "uses" ? b.totalUses - a.totalUses : 0) ||
              b.createdAt - a.createdAt ||
              b.id.localeCompare(a.id),
          )
        const start = (query.page - 1) * query.pageSize
        return { rows: matching.slice(start, start + query.pageSize), total: matching.length }
      }),
    counts: (now) =>
      Effect.sync(() => ({
        total: rows.size,
        active: [...rows.values()].filter((c) => couponStatus(c, now) === "active").length,
      })),
    find: (id) => Effect.sync(() => rows.get(id) ?? null),
    codesStartingWith: (prefix) =>
      Effect.sync(
        () => new Set([...rows.values()].map((c) => c.code).filter((code) => code.startsWith(prefix))),
      ),
    insert: (id, fields, isActive, now) =>
      Effect.sync(() => {
        if (codeTaken(fields.code)) return "code_taken" as const
        const row: AdminCoupon = {
          id,
          ...fields,
          isActive,
          totalUses: 0,
          conversions: 0,
          revenue: 0,
          createdAt: now,
          updatedAt: now,
        }
        rows.set(id, row)
        return row
      }),
    update: (id, fields, now) =>
      Effect.sync(() => (codeTaken(fields.code, id) ? ("code_taken" as const) : saved(id, fields, now))),
    setActive: (id, isActive, now) =>
      Effect.sync(() => {
        const row = rows.get(id)
        if (!row) return null
        const next = { ...row, isActive, updatedAt: now }
        rows.set(id, next)
        return next
      }),
    remove: (id) => Effect.sync(() => rows.delete(id)),
  })
  // Joins the in-memory transactions: a rolled-back unit of work leaves the rows as they were.
  const participant: Transactional = {
    snapshot: () => {
      const kept = new Map(rows)
      return () => {
        rows.clear()
        for (const [id, row] of kept) rows.set(id, row)
      }
    },
  }
  return { rows, participant, layer: Layer.succeed(CouponCatalog, catalog) }
}
