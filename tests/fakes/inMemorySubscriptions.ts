import { Effect, Layer } from "effect"
import {
  DEFAULT_PLAN_SETTINGS,
  type Entitlement,
  type PlanMonth,
  PlanMonths,
  type PlanSettings,
} from "../../application/ports/PlanMonths"
import {
  type StoredCharge,
  type StoredSubscription,
  SubscriptionStore,
} from "../../application/ports/SubscriptionStore"
import type { Transactional } from "./inMemoryEvents"

interface Tables {
  subscriptions: Map<string, StoredSubscription & { checkedAt: number }>
  charges: Map<string, StoredCharge>
  months: Map<string, PlanMonth>
  settings: Map<string, PlanSettings & { userId: string }>
  entitlements: Map<string, Entitlement>
}

const copy = <A>(value: A): A => structuredClone(value)
const monthKey = (sourceId: string, month: string) => `${sourceId}|${month}`

/**
 * The subscription ports over plain maps, with the Postgres adapters' contracts: a collector's key is unique,
 * a month of a plan is one row, saves write the state columns only. Its state joins the order tables'
 * transactions: pass `participant` in `others` and build the layer with their `write`.
 */
export function inMemorySubscriptions() {
  const tables: Tables = {
    subscriptions: new Map(),
    charges: new Map(),
    months: new Map(),
    settings: new Map(),
    entitlements: new Map(),
  }
  const participant: Transactional = {
    snapshot: () => {
      const saved = copy(tables)
      return () => Object.assign(tables, saved)
    },
  }
  const strip = (row: StoredSubscription & { checkedAt: number }): StoredSubscription => {
    const { checkedAt: _, ...s } = row
    return copy(s)
  }

  const layer = (write: <A>(change: () => A) => Effect.Effect<A>) =>
    Layer.mergeAll(
      Layer.succeed(
        SubscriptionStore,
        SubscriptionStore.of({
          insertIfNew: (s) =>
            write(() => {
              const clash = [...tables.subscriptions.values()].some(
                (o) =>
                  o.userId === s.userId &&
                  (o.idempotencyKey === s.idempotencyKey ||
                    (s.status !== "cancelled" &&
                      o.collectionId === s.collectionId &&
                      o.status !== "cancelled")),
              )
              if (clash) return false
              if (tables.subscriptions.has(s.id)) throw new Error(`SubscriptionStore: id ${s.id} repeated`)
              tables.subscriptions.set(s.id, { ...copy(s), checkedAt: s.createdAt })
              return true
            }),
          findByKey: (userId, key) =>
            write(() => {
              const row = [...tables.subscriptions.values()].find(
                (s) => s.userId === userId && s.idempotencyKey === key,
              )
              return row ? strip(row) : null
            }),
          get: (id) =>
            write(() => (tables.subscriptions.has(id) ? strip(tables.subscriptions.get(id)!) : null)),
          lock: (id) =>
            write(() => (tables.subscriptions.has(id) ? strip(tables.subscriptions.get(id)!) : null)),
          save: (s) =>
            Effect.flatMap(
              write(() => {
                const row = tables.subscriptions.get(s.id)
                if (!row) return false
                // The columns PostgresSubscriptionStore.save writes.
                const {
                  id,
                  userId,
                  collectionId,
                  idempotencyKey,
                  planId,
                  frequencyMonths,
                  amount,
                  cpf,
                  createdAt,
                } = row
                tables.subscriptions.set(s.id, {
                  ...copy(s),
                  id,
                  userId,
                  collectionId,
                  idempotencyKey,
                  planId,
                  frequencyMonths,
                  amount,
                  cpf,
                  createdAt,
                  checkedAt: row.checkedAt,
                })
                return true
              }),
              (saved) => (saved ? Effect.void : Effect.die(new Error(`SubscriptionStore.save: no ${s.id}`))),
            ),
          listForUser: (userId) =>
            write(() =>
              [...tables.subscriptions.values()]
                .filter((s) => s.userId === userId)
                .sort((a, b) => b.createdAt - a.createdAt)
                .map(strip),
            ),
          toReconcile: (month, before, limit) =>
            write(() =>
              [...tables.subscriptions.values()]
                .filter(
                  (s) =>
                    s.checkedAt < before &&
                    (s.status === "pending" ||
                      s.status === "past_due" ||
                      (s.status === "active" &&
                        s.cancelAt === null &&
                        (s.coveredThrough === null || s.coveredThrough < month))),
                )
                .sort((a, b) => a.checkedAt - b.checkedAt)
                .slice(0, limit)
                .map((s) => s.id),
            ),
          withDuePeriods: (now, limit) =>
            write(() =>
              [...tables.subscriptions.values()]
                .filter(
                  (s) =>
                    s.status !== "cancelled" &&
                    (s.status === "paused" || (s.cancelAt !== null && s.cancelAt <= now)),
                )
                .slice(0, limit)
                .map((s) => s.id),
            ),
          touch: (id, now) =>
            write(() => {
              const row = tables.subscriptions.get(id)
              if (row) tables.subscriptions.set(id, { ...row, checkedAt: now })
            }),
          lockCharge: (id) => write(() => copy(tables.charges.get(id) ?? null)),
          saveCharge: (c) => write(() => void tables.charges.set(c.id, copy(c))),
          chargesOf: (subscriptionId) =>
            write(() =>
              [...tables.charges.values()]
                .filter((c) => c.subscriptionId === subscriptionId)
                .sort((a, b) => b.chargedAt - a.chargedAt)
                .map(copy),
            ),
        }),
      ),
      Layer.succeed(
        PlanMonths,
        PlanMonths.of({
          add: (months) =>
            write(() => {
              const added: PlanMonth[] = []
              for (const m of months) {
                const key = monthKey(m.sourceId, m.month)
                if (tables.months.has(key)) continue
                tables.months.set(key, copy(m))
                added.push(copy(m))
              }
              return added
            }),
          of: (sourceId) =>
            write(() =>
              [...tables.months.values()]
                .filter((m) => m.sourceId === sourceId)
                .sort((a, b) => a.month.localeCompare(b.month))
                .map(copy),
            ),
          ofUser: (userId) =>
            write(() =>
              [...tables.months.values()]
                .filter((m) => m.userId === userId)
                .sort((a, b) => a.sourceId.localeCompare(b.sourceId) || a.month.localeCompare(b.month))
                .map(copy),
            ),
          lock: (sourceId, month) => write(() => copy(tables.months.get(monthKey(sourceId, month)) ?? null)),
          setOrder: (sourceId, month, orderId) =>
            write(() => {
              const row = tables.months.get(monthKey(sourceId, month))
              if (!row) return
              if ([...tables.months.values()].some((m) => m.orderId === orderId))
                throw new Error(`PlanMonths.setOrder: order ${orderId} already ships a month`)
              tables.months.set(monthKey(sourceId, month), { ...row, orderId })
            }),
          setHeld: (sourceId, month, productId) =>
            write(() => {
              const row = tables.months.get(monthKey(sourceId, month))
              if (row) tables.months.set(monthKey(sourceId, month), { ...row, heldProductId: productId })
            }),
          remove: (sourceId, month) =>
            write(() => {
              tables.months.delete(monthKey(sourceId, month))
              tables.entitlements.delete(monthKey(sourceId, month))
            }),
          unshipped: (since, through, limit) =>
            write(() =>
              [...tables.months.values()]
                .filter((m) => m.orderId === null && m.month >= since && m.month <= through)
                .sort((a, b) => a.month.localeCompare(b.month) || a.sourceId.localeCompare(b.sourceId))
                .slice(0, limit)
                .map(copy),
            ),
          settings: (sourceId) =>
            write(() => {
              const row = tables.settings.get(sourceId)
              if (!row) return DEFAULT_PLAN_SETTINGS
              const { userId: _, ...settings } = row
              return copy(settings)
            }),
          saveSettings: (sourceId, userId, settings) =>
            write(() => void tables.settings.set(sourceId, { ...copy(settings), userId })),
          saveEntitlements: (list) =>
            write(() => {
              for (const e of list) tables.entitlements.set(monthKey(e.sourceId, e.month), copy(e))
            }),
        }),
      ),
    )

  return {
    participant,
    layer,
    subscriptions: () => [...tables.subscriptions.values()].map(strip),
    subscription: (id: string) =>
      tables.subscriptions.has(id) ? strip(tables.subscriptions.get(id)!) : null,
    charges: () => [...tables.charges.values()],
    months: () => [...tables.months.values()].sort((a, b) => a.month.localeCompare(b.month)),
    entitlements: () => [...tables.entitlements.values()],
    setChecked: (id: string, at: number) => {
      const row = tables.subscriptions.get(id)
      if (row) tables.subscriptions.set(id, { ...row, checkedAt: at })
    },
  }
}
