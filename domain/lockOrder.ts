/**
 * The one order in which rows locked together in a transaction are locked: by product id (compared code unit by
 * code unit, so every process and locale agrees). Two transactions that each lock several editions (checkouts of
 * carts holding the same characters in different orders, a payment numbering its units, a release, an admin
 * reordering a collection) then queue on the first row they share instead of each holding what the other waits
 * for. The items keep their own order everywhere else (an order's lines, a cart's).
 */
export const inLockOrder = <T>(items: Iterable<T>, productIdOf: (item: T) => string): T[] =>
  [...items].sort((a, b) => {
    const x = productIdOf(a)
    const y = productIdOf(b)
    return x < y ? -1 : x > y ? 1 : 0
  })
