export type Direction = "up" | "down"

/**
 * The order after moving one product a place up or down, or null when it cannot move (first up, last down, or
 * not in the list). The caller stores positions 1..n from the result, so gaps and ties in the old positions heal.
 */
export function moveInOrder(ids: readonly string[], id: string, direction: Direction): string[] | null {
  const from = ids.indexOf(id)
  if (from < 0) return null
  const to = direction === "up" ? from - 1 : from + 1
  if (to < 0 || to >= ids.length) return null
  const next = [...ids]
  next[from] = ids[to] as string
  next[to] = id
  return next
}

/** The position a new product takes: after the last one. */
export const nextDisplayOrder = (orders: readonly number[]) => (orders.length ? Math.max(...orders) : 0) + 1
