import { Effect } from "effect"
import { Waitlists } from "../../application/ports/Waitlists"
import type { WaitlistEntry, WaitlistStatus } from "../../domain/editions/waitlist"
import { heldDelta, type WaitlistLine } from "../../domain/editions/waitlistLine"
import { type EditionStock as EditionRow, unitsLeft } from "../../domain/orders/editions"

export interface StoredWaitlistEntry extends WaitlistEntry {
  readonly productId: string
  readonly orderId: string | null
}

const LIVE: readonly WaitlistStatus[] = ["waiting", "offered"]

/**
 * The Waitlists port over the in-memory order tables (so its changes roll back with their unit of work), with
 * the adapter's contract: one live entry per collector and product, and the units held for offers counted on
 * the product's stock row.
 */
export function inMemoryWaitlists(
  tables: { stock: Map<string, EditionRow>; waitlist: Map<string, StoredWaitlistEntry> },
  write: <A>(change: () => A) => Effect.Effect<A>,
) {
  let seq = 0
  const lineOf = (productId: string): WaitlistLine | null => {
    const stock = tables.stock.get(productId)
    if (!stock) return null
    const entries = [...tables.waitlist.values()].filter(
      (e) => e.productId === productId && LIVE.includes(e.status),
    )
    return { size: stock.size, available: unitsLeft(stock) ?? 0, entries: structuredClone(entries) }
  }
  return Waitlists.of({
    update: (productId, now, decide) =>
      Effect.flatMap(
        write(() => {
          const line = lineOf(productId)
          if (!line) return null
          const change = decide(line)
          if (change.join) {
            const userId = change.join.userId
            if (line.entries.some((e) => e.userId === userId)) return "duplicate" as const
            const id = `e0000000-0000-4000-8000-${String(++seq).padStart(12, "0")}`
            tables.waitlist.set(id, {
              id,
              productId,
              userId,
              joinedAt: now,
              status: "waiting",
              offerExpiresAt: null,
              orderId: null,
            })
          }
          for (const c of change.changes) {
            const entry = tables.waitlist.get(c.id)
            if (!entry) return "missing" as const
            tables.waitlist.set(c.id, {
              ...entry,
              status: c.status,
              offerExpiresAt: c.status === "offered" ? (c.offerExpiresAt ?? now) : entry.offerExpiresAt,
              orderId: c.orderId ?? entry.orderId,
            })
          }
          const delta = heldDelta(line.entries, change.changes)
          if (delta === 0) return { value: change.value }
          const stock = tables.stock.get(productId) as EditionRow
          const offered = (stock.offered ?? 0) + delta
          if (offered < 0 || (stock.size !== null && stock.reserved + stock.sold + offered > stock.size))
            return "oversold" as const
          tables.stock.set(productId, { ...stock, offered })
          return { value: change.value }
        }),
        (outcome) =>
          typeof outcome === "string"
            ? Effect.die(new Error(`Waitlists.update: ${outcome} on ${productId}`))
            : Effect.succeed(outcome),
      ),
    line: (productId) => write(() => lineOf(productId)),
    lapsed: (now, limit) =>
      write(() =>
        [
          ...new Set(
            [...tables.waitlist.values()]
              .filter((e) => e.status === "offered" && e.offerExpiresAt !== null && e.offerExpiresAt <= now)
              .map((e) => e.productId),
          ),
        ].slice(0, limit),
      ),
    mine: (userId) =>
      write(() =>
        [...tables.waitlist.values()]
          .filter((e) => e.userId === userId)
          .sort((a, b) => b.joinedAt - a.joinedAt)
          .map((e) => {
            const waiting = [...tables.waitlist.values()]
              .filter((o) => o.productId === e.productId && o.status === "waiting")
              .sort((a, b) => a.joinedAt - b.joinedAt || (a.id < b.id ? -1 : 1))
            const index = waiting.findIndex((o) => o.id === e.id)
            return {
              id: e.id,
              productId: e.productId,
              characterName: e.productId,
              collectionName: "",
              status: e.status,
              position: index < 0 ? null : index + 1,
              joinedAt: e.joinedAt,
              offerExpiresAt: e.offerExpiresAt,
            }
          }),
      ),
  })
}
