import { Effect, Layer } from "effect"
import {
  AdminPaymentQueries,
  type AdminPaymentRow,
  type SubscriptionChargeRow,
} from "../../application/ports/AdminPaymentQueries"
import {
  type Announcement,
  type AnnouncementReach,
  Announcements,
  type StoredNotification,
} from "../../application/ports/Announcements"
import { type WebhookReceipt, WebhookReceipts } from "../../application/ports/WebhookReceipts"
import type { Transactional } from "./inMemoryEvents"

export interface Customer {
  readonly id: string
  readonly verified: boolean
  /** Collections the customer holds an active entitlement to. */
  readonly subscribed: readonly string[]
  /** Their choice for `system` (announcements); both on when absent. */
  readonly system?: { readonly inApp: boolean; readonly email: boolean }
}

/**
 * Announcements, notifications, webhook receipts and gateway payments in memory, with the Postgres adapters'
 * promises: one notification per (announcement, customer), one applied receipt per (topic, resource, request).
 * Their state rolls back with the unit of work (pass `participant` to inMemoryEvents).
 */
export function inMemoryNotifications(options: {
  customers: readonly Customer[]
  collections: Readonly<Record<string, string>>
  payments?: readonly AdminPaymentRow[]
  subscriptionCharges?: readonly SubscriptionChargeRow[]
}) {
  let announcements: Announcement[] = []
  let notifications: StoredNotification[] = []
  let receipts: WebhookReceipt[] = []
  let recipients: { announcementId: string; userId: string }[] = []
  let next = 0
  const participant: Transactional = {
    snapshot: () => {
      const saved = {
        announcements: [...announcements],
        notifications: [...notifications],
        receipts: [...receipts],
        recipients: [...recipients],
      }
      return () => {
        ;({ announcements, notifications, receipts, recipients } = saved)
      }
    },
  }
  const audienceOf = (a: Announcement) =>
    options.customers.filter((c) =>
      a.audience.kind === "all" ? c.verified : c.subscribed.includes(a.audience.collectionId),
    )

  const announcementsPort = Announcements.of({
    create: (a) => Effect.sync(() => void announcements.push(a)),
    find: (id) => Effect.sync(() => announcements.find((a) => a.id === id) ?? null),
    list: ({ offset, limit }) =>
      Effect.sync(() => {
        const sorted = [...announcements].sort((a, b) => b.createdAt - a.createdAt)
        return {
          total: sorted.length,
          rows: sorted.slice(offset, offset + limit).map((a) => ({
            ...a,
            collectionName:
              a.audience.kind === "collection"
                ? (options.collections[a.audience.collectionId] ?? null)
                : null,
          })),
        }
      }),
    fanOut: (a) =>
      Effect.sync(() => {
        const reached: AnnouncementReach[] = []
        for (const c of audienceOf(a)) {
          if (recipients.some((r) => r.announcementId === a.id && r.userId === c.id)) continue
          recipients.push({ announcementId: a.id, userId: c.id })
          const choice = c.system ?? { inApp: true, email: true }
          let notificationId: string | null = null
          if (choice.inApp) {
            notificationId = `${a.id}-n${++next}`
            notifications.push({
              id: notificationId,
              userId: c.id,
              title: a.title,
              message: a.message,
              actionUrl: a.actionUrl,
            })
          }
          reached.push({ userId: c.id, notificationId, email: choice.email })
        }
        const count = recipients.filter((r) => r.announcementId === a.id).length
        announcements = announcements.map((x) => (x.id === a.id ? { ...x, recipientCount: count } : x))
        return { reached, recipients: count }
      }),
    notification: (id) => Effect.sync(() => notifications.find((n) => n.id === id) ?? null),
    collectionName: (id) => Effect.sync(() => options.collections[id] ?? null),
  })

  const receiptsPort = WebhookReceipts.of({
    record: (receipt) =>
      Effect.sync(() => {
        const repeated =
          receipt.outcome === "applied" &&
          receipt.requestId !== null &&
          receipts.some(
            (r) =>
              r.outcome === "applied" &&
              r.topic === receipt.topic &&
              r.dataId === receipt.dataId &&
              r.requestId === receipt.requestId,
          )
        const kept = repeated ? { ...receipt, outcome: "duplicate" as const } : receipt
        receipts.push(kept)
        return kept.outcome
      }),
  })

  const payments = options.payments ?? []
  const paymentsPort = AdminPaymentQueries.of({
    payments: (filter, _sort, slice) =>
      Effect.sync(() => {
        const rows = payments.filter(
          (p) =>
            (!filter.status || p.status === filter.status) &&
            (!filter.method || p.method === filter.method) &&
            (filter.from === null || p.createdAt >= filter.from) &&
            (filter.before === null || p.createdAt < filter.before) &&
            (!filter.search ||
              p.orderNumber === filter.search.toUpperCase() ||
              p.gatewayPaymentId === filter.search),
        )
        return { total: rows.length, rows: rows.slice(slice.offset, slice.offset + slice.limit) }
      }),
    subscriptionCharges: (status, slice) =>
      Effect.sync(() => {
        const rows = (options.subscriptionCharges ?? [])
          .filter((c) => !status || c.status === status)
          .toSorted((a, b) => b.chargedAt - a.chargedAt)
        return { total: rows.length, rows: rows.slice(slice.offset, slice.offset + slice.limit) }
      }),
    receipts: (outcome, slice) =>
      Effect.sync(() => {
        const rows = receipts
          .filter((r) => !outcome || r.outcome === outcome)
          .map((r, i) => ({ id: String(i), ...r }))
          .reverse()
        return { total: rows.length, rows: rows.slice(slice.offset, slice.offset + slice.limit) }
      }),
  })

  return {
    participant,
    notifications: () => notifications,
    announcements: () => announcements,
    receipts: () => receipts,
    layer: Layer.mergeAll(
      Layer.succeed(Announcements, announcementsPort),
      Layer.succeed(WebhookReceipts, receiptsPort),
      Layer.succeed(AdminPaymentQueries, paymentsPort),
    ),
  }
}
