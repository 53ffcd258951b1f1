import { COUPON_SORTS, COUPON_STATUSES, COUPON_TYPES } from "../../../../domain/orders/couponAdmin"
import { optionalEnum, optionalString } from "../../../lib/search"

export type CouponsSearch = {
  q?: string
  type?: (typeof COUPON_TYPES)[number]
  status?: (typeof COUPON_STATUSES)[number]
  from?: string
  to?: string
  sort?: (typeof COUPON_SORTS)[number]
  page?: number
}

const DAY = /^\d{4}-\d{2}-\d{2}$/
const day = (value: unknown) => (typeof value === "string" && DAY.test(value) ? value : undefined)
const page = (value: unknown) => {
  const n = Number(value)
  return Number.isSafeInteger(n) && n > 1 && n <= 10_000 ? n : undefined
}

/** Only what the server accepts stays in the URL; anything else is dropped, so an old link still opens. */
export function validateCouponsSearch(search: Record<string, unknown>): CouponsSearch {
  const found: CouponsSearch = {
    q: optionalString(typeof search.q === "string" ? search.q.trim() : undefined, 30),
    type: optionalEnum(search.type, COUPON_TYPES),
    status: optionalEnum(search.status, COUPON_STATUSES),
    from: day(search.from),
    to: day(search.to),
    sort: optionalEnum(search.sort, COUPON_SORTS),
    page: page(search.page),
  }
  return Object.fromEntries(Object.entries(found).filter(([, v]) => v !== undefined)) as CouponsSearch
}

/** The list procedure's input for a search. */
export const listInput = ({ q, ...rest }: CouponsSearch) => ({ ...rest, ...(q ? { search: q } : {}) })

export type UncheckedCouponsSearch = { readonly [K in keyof CouponsSearch]?: unknown }
