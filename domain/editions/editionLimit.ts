/**
 * Fair access to numbered editions: each collector may hold at most `limit` units of an edition,
 * counted across their orders that are paid or still payable, and across accounts that share their CPF, so a
 * second account does not double the share.
 */
export const DEFAULT_NUMBERED_EDITION_LIMIT = 1
export const EDITION_LIMIT_MAX = 10

/** Why a purchase is refused; when the collector already holds units, where they are (their orders). */
export const editionLimitMessage = (limit: number, held = 0) => {
  const rule =
    limit === 1
      ? "Limite de 1 unidade por colecionador nesta edição"
      : `Limite de ${limit} unidades por colecionador nesta edição`
  if (held <= 0) return `${rule}.`
  const units = held === 1 ? "1 unidade" : `${held} unidades`
  // Counted by account and by CPF: the units may be in another account's orders with the same CPF.
  return `${rule}: já há ${units} em pedidos pagos ou aguardando pagamento desta conta ou deste CPF.`
}

/** Why the cart keeps a line at `room`, the most of an edition this collector may still have. */
export const editionRoomMessage = (room: number) =>
  room <= 0
    ? "Você já tem o limite desta edição em pedidos pagos ou aguardando pagamento."
    : room === 1
      ? "Nesta edição você pode levar 1 unidade."
      : `Nesta edição você pode levar até ${room} unidades.`

/** What the collector reads when signing in brought a cart line past their share of an edition. */
export const mergeCapNotice = (name: string, room: number) =>
  room <= 0
    ? `${name} saiu do carrinho: você já tem o limite desta edição em pedidos pagos ou aguardando pagamento.`
    : `${name} ficou com ${room === 1 ? "1 unidade" : `${room} unidades`} no carrinho: é o limite por colecionador desta edição.`

/** What the product page says under the buy button. */
export const editionLimitNote = (limit: number) =>
  limit === 1
    ? "Edição numerada: 1 unidade por colecionador."
    : `Edição numerada: até ${limit} unidades por colecionador.`

export type LimitCheck =
  | { readonly ok: true }
  | { readonly ok: false; readonly message: string; readonly room: number }

/**
 * `held` counts the units this collector (their account and every account with their CPF) already has in
 * orders that are paid or awaiting payment; a null limit means the product has none.
 */
export function checkEditionLimit(limit: number | null, held: number, requested: number): LimitCheck {
  if (limit === null) return { ok: true }
  if (held + requested <= limit) return { ok: true }
  return { ok: false, message: editionLimitMessage(limit, held), room: Math.max(0, limit - held) }
}

export const EDITION_LIMIT_MESSAGES = {
  range: `Limite por colecionador deve ser de 1 a ${EDITION_LIMIT_MAX} unidades, ou "Sem limite"`,
  notNumbered: "Limite por colecionador vale apenas para edições numeradas (com tiragem)",
} as const

/** What the product form starts with: numbered editions get the store's default, made-to-order products none. */
export const defaultCollectorLimit = (editionSize: number | null) =>
  editionSize === null ? null : DEFAULT_NUMBERED_EDITION_LIMIT

/**
 * The administrator's choice for a product, or why it is refused. Only numbered editions take a limit: their
 * buyers queue on the product's row, which is what makes the count exact under concurrent checkouts.
 */
export function collectorLimitError(limit: number | null, editionSize: number | null): string | null {
  if (limit === null) return null
  if (!Number.isInteger(limit) || limit < 1 || limit > EDITION_LIMIT_MAX) return EDITION_LIMIT_MESSAGES.range
  if (editionSize === null) return EDITION_LIMIT_MESSAGES.notNumbered
  return null
}

/** An order that no longer holds its units (lapsed, refused, called off or given back) frees the collector's share. */
export const HOLDING_ORDER_STATUSES = ["awaiting_payment", "paid"] as const
export const RELEASED_FULFILMENT_STATUSES = ["cancelled", "returned", "refunded"] as const

export function holdsEditionUnits(order: {
  readonly status: string
  readonly fulfilmentStatus: string | null
}): boolean {
  return (
    (HOLDING_ORDER_STATUSES as readonly string[]).includes(order.status) &&
    !(RELEASED_FULFILMENT_STATUSES as readonly string[]).includes(order.fulfilmentStatus ?? "")
  )
}

/**
 * Whether an order counts toward a collector's share: their own account's, or any account's placed with the same
 * CPF (a second account does not double the share). A CPF erased with its account no longer links anyone.
 */
export const sameCollector = (
  holder: { readonly userId: string; readonly cpf: string | null },
  order: { readonly userId: string | null; readonly cpf: string | null },
) => order.userId === holder.userId || (holder.cpf !== null && order.cpf === holder.cpf)
