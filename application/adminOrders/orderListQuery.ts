import { Effect } from "effect"
import { addDays, type CivilDate, isValidCivil, saoPauloInstant } from "../../domain/calendar"
import type { FulfilmentStatus } from "../../domain/fulfilment/fulfilment"
import type { OrderStatus, PaymentMethod } from "../../domain/orders/order"
import { type AdminOrderSort, ORDER_SEARCH_MAX, readOrderSearch } from "../../domain/orders/orderSearch"
import { InvalidInput } from "../errors"
import type { AdminOrderFilter } from "../ports/AdminOrderQueries"

/** The list's filters as the page's URL carries them; the period is São Paulo days, both ends included. */
export interface AdminOrderListInput {
  readonly payment?: OrderStatus | undefined
  readonly fulfilment?: FulfilmentStatus | undefined
  readonly method?: PaymentMethod | undefined
  readonly collection?: string | undefined
  /** "YYYY-MM-DD". */
  readonly from?: string | undefined
  readonly to?: string | undefined
  readonly q?: string | undefined
  readonly sort?: AdminOrderSort | undefined
  readonly page?: number | undefined
  readonly pageSize?: number | undefined
}

function civilDay(text: string | undefined, field: string) {
  if (!text) return Effect.succeed(null)
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text)
  const day: CivilDate | null = match
    ? { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) }
    : null
  return day && isValidCivil(day)
    ? Effect.succeed(day)
    : Effect.fail(new InvalidInput({ message: `Data ${field} inválida.` }))
}

/** The port's filter from what the page sent, or a pt-BR reason (a period that ends before it starts). */
export const readListFilter = Effect.fnUntraced(function* (input: AdminOrderListInput) {
  const from = yield* civilDay(input.from, "inicial")
  const to = yield* civilDay(input.to, "final")
  const placedFrom = from ? saoPauloInstant(from, 0) : null
  const placedBefore = to ? saoPauloInstant(addDays(to, 1), 0) : null
  if (placedFrom !== null && placedBefore !== null && placedBefore <= placedFrom)
    return yield* new InvalidInput({ message: "A data final deve ser igual ou posterior à data inicial." })
  const q = input.q?.trim() ?? ""
  if (q.length > ORDER_SEARCH_MAX)
    return yield* new InvalidInput({ message: `A busca deve ter no máximo ${ORDER_SEARCH_MAX} caracteres.` })
  return {
    paymentStatus: input.payment ?? null,
    fulfilmentStatus: input.fulfilment ?? null,
    method: input.method ?? null,
    collectionId: input.collection || null,
    placedFrom,
    placedBefore,
    search: readOrderSearch(q),
  } satisfies AdminOrderFilter
})
