import { FULFILMENT_STATUSES } from "../../../../domain/fulfilment/fulfilment"
import { ORDER_STATUS_LABEL, PAYMENT_METHOD_LABEL } from "../../../../domain/orders/order"
import {
  ADMIN_ORDER_PAGE_SIZES,
  ADMIN_ORDER_SORTS,
  ORDER_SEARCH_MAX,
} from "../../../../domain/orders/orderSearch"
import { optionalEnum, optionalString } from "../../../lib/search"

export const PAYMENT_STATUSES = Object.keys(ORDER_STATUS_LABEL) as (keyof typeof ORDER_STATUS_LABEL)[]
export const METHODS = Object.keys(PAYMENT_METHOD_LABEL) as (keyof typeof PAYMENT_METHOD_LABEL)[]
const DAY = /^\d{4}-\d{2}-\d{2}$/

export interface OrdersSearch {
  payment?: (typeof PAYMENT_STATUSES)[number]
  fulfilment?: (typeof FULFILMENT_STATUSES)[number]
  method?: (typeof METHODS)[number]
  collection?: string
  from?: string
  to?: string
  q?: string
  sort?: (typeof ADMIN_ORDER_SORTS)[number]
  page?: number
  pageSize?: number
}

const positive = (value: unknown) => {
  const n = Number(value)
  return Number.isSafeInteger(n) && n >= 1 && n <= 100_000 ? n : undefined
}
const day = (value: unknown) => (typeof value === "string" && DAY.test(value) ? value : undefined)

/** Only what the server accepts stays in the URL; anything else is dropped, so an old link still opens. */
export function validateOrdersSearch(search: Record<string, unknown>): OrdersSearch {
  const pageSize = positive(search.pageSize)
  const found: OrdersSearch = {
    payment: optionalEnum(search.payment, PAYMENT_STATUSES),
    fulfilment: optionalEnum(search.fulfilment, FULFILMENT_STATUSES),
    method: optionalEnum(search.method, METHODS),
    collection: optionalString(search.collection, 60),
    from: day(search.from),
    to: day(search.to),
    q: optionalString(search.q, ORDER_SEARCH_MAX),
    sort: optionalEnum(search.sort, ADMIN_ORDER_SORTS),
    page: positive(search.page),
    pageSize: (ADMIN_ORDER_PAGE_SIZES as readonly number[]).includes(pageSize ?? 0) ? pageSize : undefined,
  }
  return Object.fromEntries(Object.entries(found).filter(([, v]) => v !== undefined)) as OrdersSearch
}

/**
 * The list's search as the URL holds it, unchecked. The route's own validation runs in every page's JavaScript,
 * so it stays this light; the loader and the page keep only what the server accepts (validateOrdersSearch).
 */
export type UncheckedOrdersSearch = { readonly [K in keyof OrdersSearch]?: unknown }
