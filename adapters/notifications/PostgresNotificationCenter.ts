import { Effect, Layer } from "effect"
import type { Kysely } from "kysely"
import { NotificationCenter, type NotificationItem } from "../../application/ports/NotificationCenter"
import { preferencesOf } from "../../domain/notifications/center"
import { Db } from "../db/DatabaseService"
import type { Database } from "../db/schema"
import { withExecutor } from "../db/transaction"
import { isUuid } from "../db/uuid"

const ms = (d: Date | string) => new Date(d).getTime()

/** Keyset paging (newest first): the last row's instant and id, opaque to the client. */
const encodeCursor = (item: NotificationItem) =>
  Buffer.from(`${item.createdAt}:${item.id}`, "utf8").toString("base64url")

function decodeCursor(cursor: string | null): { readonly at: Date; readonly id: string } | null {
  if (!cursor) return null
  const [at, id] = Buffer.from(cursor, "base64url").toString("utf8").split(":")
  const instant = Number(at)
  // A forged cursor reads from the start instead of failing: it can only ever name this customer's rows.
  if (!Number.isSafeInteger(instant) || !id || !isUuid(id)) return null
  return { at: new Date(instant), id }
}

const COLUMN = { inApp: "in_app", email: "email" } as const

/** The notifications and preferences of each customer, on PostgreSQL (indexed by customer and instant). */
export const PostgresNotificationCenterLayer = Layer.effect(
  NotificationCenter,
  Effect.gen(function* () {
    const { db } = yield* Db
    const run = <A>(body: (executor: Kysely<Database>) => Promise<A>) => withExecutor(db, body)
    return NotificationCenter.of({
      store: (draft, at) =>
        run(async (executor) => {
          const row = await executor
            .insertInto("notifications")
            .values({
              user_id: draft.userId,
              type: draft.type,
              title: draft.title,
              message: draft.message,
              action_url: draft.actionUrl,
              metadata: JSON.stringify(draft.metadata ?? {}),
              announcement_id: null,
              dedupe_key: draft.key,
              created_at: new Date(at),
            })
            // Only a keyed draft can conflict; the partial unique index is named by its columns and predicate.
            .onConflict((oc) =>
              oc.columns(["user_id", "dedupe_key"]).where("dedupe_key", "is not", null).doNothing(),
            )
            .returning("id")
            .executeTakeFirst()
          return row ? { id: row.id } : null
        }),
      page: (userId, slice) =>
        run(async (executor) => {
          const after = decodeCursor(slice.cursor)
          let query = executor
            .selectFrom("notifications")
            .select(["id", "type", "title", "message", "action_url", "created_at", "read_at"])
            .where("user_id", "=", userId)
          if (after)
            query = query.where((eb) =>
              eb.or([
                eb("created_at", "<", after.at),
                eb.and([eb("created_at", "=", after.at), eb("id", "<", after.id)]),
              ]),
            )
          const rows = await query
            .orderBy("created_at", "desc")
            .orderBy("id", "desc")
            .limit(slice.limit + 1)
            .execute()
          const items = rows.slice(0, slice.limit).map(
            (r): NotificationItem => ({
              id: r.id,
              type: r.type,
              title: r.title,
              message: r.message,
              actionUrl: r.action_url,
              createdAt: ms(r.created_at),
              readAt: r.read_at ? ms(r.read_at) : null,
            }),
          )
          const last = items.at(-1)
          return { items, nextCursor: rows.length > slice.limit && last ? encodeCursor(last) : null }
        }),
      unread: (userId) =>
        run(async (executor) => {
          const row = await executor
            .selectFrom("notifications")
            .select((eb) => [eb.fn.countAll<number>().as("count"), eb.fn.max("created_at").as("latest")])
            .where("user_id", "=", userId)
            .where("read_at", "is", null)
            .executeTakeFirstOrThrow()
          return { count: Number(row.count), latestAt: row.latest ? ms(row.latest) : null }
        }),
      markRead: (userId, id, at) =>
        run(async (executor) => {
          if (!isUuid(id)) return false
          const found = await executor
            .updateTable("notifications")
            // Read once: marking again keeps the first instant.
            .set((eb) => ({ read_at: eb.fn.coalesce("read_at", eb.val(new Date(at))) }))
            .where("id", "=", id)
            .where("user_id", "=", userId)
            .returning("id")
            .executeTakeFirst()
          return found !== undefined
        }),
      markAllRead: (userId, at) =>
        run(async (executor) => {
          const result = await executor
            .updateTable("notifications")
            .set({ read_at: new Date(at) })
            .where("user_id", "=", userId)
            .where("read_at", "is", null)
            .executeTakeFirst()
          return Number(result.numUpdatedRows)
        }),
      preferences: (userId) =>
        run(async (executor) => {
          const rows = await executor
            .selectFrom("notification_preferences")
            .select(["type", "in_app", "email"])
            .where("user_id", "=", userId)
            .execute()
          return preferencesOf(rows.map((r) => ({ type: r.type, inApp: r.in_app, email: r.email })))
        }),
      setPreference: (userId, type, channel, enabled, at) =>
        run(async (executor) => {
          // The first choice stores the row with the other channel at its default (on).
          await executor
            .insertInto("notification_preferences")
            .values({
              user_id: userId,
              type,
              in_app: channel === "inApp" ? enabled : true,
              email: channel === "email" ? enabled : true,
              updated_at: new Date(at),
            })
            .onConflict((oc) =>
              oc
                .columns(["user_id", "type"])
                .doUpdateSet({ [COLUMN[channel]]: enabled, updated_at: new Date(at) }),
            )
            .execute()
        }),
    })
  }),
)
