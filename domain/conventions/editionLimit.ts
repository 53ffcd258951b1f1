/**
 * Fair access to numbered editions (issue 15): each collector may hold at most `limit` units of an edition,
 * counted across their orders that are paid or still payable, and across accounts that share their CPF, so a
 * second account does not double the share.
 */
export const DEFAULT_NUMBERED_EDITION_LIMIT = 1
export const EDITION_LIMIT_MAX = 10

export const editionLimitMessage = (limit: number) =>
  limit === 1
    ? "Limite de 1 unidade por colecionador nesta edição."
    : `Limite de ${limit} unidades por colecionador nesta edição.`

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
  return { ok: false, message: editionLimitMessage(limit), room: Math.max(0, limit - held) }
}
