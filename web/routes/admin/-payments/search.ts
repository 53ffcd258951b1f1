import { WEBHOOK_OUTCOMES } from "../../../../domain/notifications/webhookReceipt"
import { PAYMENT_METHOD_LABEL } from "../../../../domain/orders/order"
import { PAYMENT_STATUS_LABEL } from "../../../../domain/orders/payment"
import { optionalEnum, optionalString } from "../../../lib/search"

export const STATUSES = Object.keys(PAYMENT_STATUS_LABEL) as (keyof typeof PAYMENT_STATUS_LABEL)[]
export const METHODS = Object.keys(PAYMENT_METHOD_LABEL) as (keyof typeof PAYMENT_METHOD_LABEL)[]
export const SORTS = ["recent", "oldest", "amount_desc", "amount_asc"] as const
export const SORT_LABEL: Readonly<Record<(typeof SORTS)[number], string>> = {
  recent: "Mais recentes",
  oldest: "Mais antigos",
  amount_desc: "Maior valor",
  amount_asc: "Menor valor",
}
export const TABS = ["pagamentos", "assinaturas", "webhooks"] as const

export interface PaymentsSearch {
  tab?: (typeof TABS)[number]
  status?: (typeof STATUSES)[number]
  method?: (typeof METHODS)[number]
  from?: string
  to?: string
  q?: string
  sort?: (typeof SORTS)[number]
  page?: number
  outcome?: (typeof WEBHOOK_OUTCOMES)[number]
  wpage?: number
  cstatus?: (typeof STATUSES)[number]
  cpage?: number
}

const DAY = /^\d{4}-\d{2}-\d{2}$/
const day = (value: unknown) => (typeof value === "string" && DAY.test(value) ? value : undefined)
const positive = (value: unknown) => {
  const n = Number(value)
  return Number.isSafeInteger(n) && n >= 1 && n <= 100_000 ? n : undefined
}

/** Only what the server accepts stays in the URL; anything else is dropped, so an old link still opens. */
export function validatePaymentsSearch(search: Record<string, unknown>): PaymentsSearch {
  const found: PaymentsSearch = {
    tab: optionalEnum(search.tab, TABS),
    status: optionalEnum(search.status, STATUSES),
    method: optionalEnum(search.method, METHODS),
    from: day(search.from),
    to: day(search.to),
    q: optionalString(typeof search.q === "string" ? search.q.trim() : undefined, 64),
    sort: optionalEnum(search.sort, SORTS),
    page: positive(search.page),
    outcome: optionalEnum(search.outcome, WEBHOOK_OUTCOMES),
    wpage: positive(search.wpage),
    cstatus: optionalEnum(search.cstatus, STATUSES),
    cpage: positive(search.cpage),
  }
  return Object.fromEntries(Object.entries(found).filter(([, v]) => v !== undefined)) as PaymentsSearch
}

/** The payments list's query (the other tabs' fields left out). */
export const paymentsQuery = ({
  tab: _t,
  outcome: _o,
  wpage: _w,
  cstatus: _s,
  cpage: _p,
  ...rest
}: PaymentsSearch) => rest
export const chargesQuery = (s: PaymentsSearch) => ({
  ...(s.cstatus ? { status: s.cstatus } : {}),
  ...(s.cpage ? { page: s.cpage } : {}),
})
export const webhooksQuery = (s: PaymentsSearch) => ({
  ...(s.outcome ? { outcome: s.outcome } : {}),
  ...(s.wpage ? { page: s.wpage } : {}),
})
