import { Effect, Layer } from "effect"
import { type Kysely, sql } from "kysely"
import { type Announcement, Announcements } from "../../application/ports/Announcements"
import { Db } from "../db/DatabaseService"
import type { Database } from "../db/schema"
import type { AnnouncementsTable } from "../db/tables/notifications"
import { withExecutor } from "../db/transaction"
import { isUuid } from "../db/uuid"

const ms = (d: Date | string) => new Date(d).getTime()

type AnnouncementRecord = Omit<AnnouncementsTable, "created_at" | "delivered_at"> & {
  created_at: Date | string
}

const toAnnouncement = (r: AnnouncementRecord): Announcement => ({
  id: r.id,
  title: r.title,
  message: r.message,
  actionUrl: r.action_url,
  audience:
    r.audience === "collection" && r.collection_id
      ? { kind: "collection", collectionId: r.collection_id }
      : { kind: "all" },
  createdBy: r.created_by ?? "",
  createdAt: ms(r.created_at),
  recipientCount: r.recipient_count,
})

/**
 * The audience, read at fan-out time: every account with a verified e-mail (an unverified address may not be
 * its owner's, and an announcement must not reach a stranger), or a collection's active subscribers and plan
 * holders, who are paying customers whatever their verification.
 */
function audienceSql(a: Announcement, now: Date) {
  if (a.audience.kind === "all") return sql`select id as user_id from auth_user where "emailVerified"`
  return sql`select distinct user_id from collection_entitlements
    where collection_id = ${a.audience.collectionId} and status = 'active'
      and starts_at <= ${now} and (ends_at is null or ends_at > ${now})`
}

async function fanOut(executor: Kysely<Database>, a: Announcement, now: number) {
  const at = new Date(now)
  const metadata = JSON.stringify({ announcementId: a.id })
  // One statement: the (announcement, customer) key of announcement_recipients skips whoever was reached
  // already, even under a concurrent run; the notification goes to those whose in-app choice for `system` is on,
  // the e-mail to those whose e-mail choice is (a missing preference row is on, as DEFAULT_CHOICE says).
  const reached = await sql<{ user_id: string; notification_id: string | null; email: boolean }>`
    with reached as (
      insert into announcement_recipients (announcement_id, user_id, reached_at)
      select ${a.id}, user_id, ${at} from (${audienceSql(a, at)}) audience
      on conflict do nothing
      returning user_id
    ), choices as (
      select r.user_id, coalesce(p.in_app, true) as in_app, coalesce(p.email, true) as email
      from reached r
      left join notification_preferences p on p.user_id = r.user_id and p.type = 'system'
    ), created as (
      insert into notifications (user_id, type, title, message, action_url, metadata, announcement_id, created_at)
      select user_id, 'system', ${a.title}, ${a.message}, ${a.actionUrl}, ${metadata}::jsonb, ${a.id}, ${at}
      from choices where in_app
      on conflict (announcement_id, user_id) do nothing
      returning id, user_id
    )
    select choices.user_id, created.id as notification_id, choices.email
    from choices left join created on created.user_id = choices.user_id`.execute(executor)
  const counted = await executor
    .updateTable("announcements")
    .set({
      recipient_count: sql`(select count(*)::int from announcement_recipients where announcement_id = ${a.id})`,
      delivered_at: at,
    })
    .where("id", "=", a.id)
    .returning("recipient_count")
    .executeTakeFirst()
  return {
    recipients: counted?.recipient_count ?? 0,
    reached: reached.rows.map((r) => ({
      userId: r.user_id,
      notificationId: r.notification_id,
      email: r.email,
    })),
  }
}

export const PostgresAnnouncementsLayer = Layer.effect(
  Announcements,
  Effect.gen(function* () {
    const { db } = yield* Db
    const run = <A>(body: (executor: Kysely<Database>) => Promise<A>) => withExecutor(db, body)
    return Announcements.of({
      create: (a) =>
        run(async (executor) => {
          await executor
            .insertInto("announcements")
            .values({
              id: a.id,
              title: a.title,
              message: a.message,
              action_url: a.actionUrl,
              audience: a.audience.kind,
              collection_id: a.audience.kind === "collection" ? a.audience.collectionId : null,
              created_by: a.createdBy,
              created_at: new Date(a.createdAt),
              recipient_count: null,
            })
            .execute()
        }),
      find: (id) =>
        run(async (executor) => {
          if (!isUuid(id)) return null
          const row = await executor
            .selectFrom("announcements")
            .selectAll()
            .where("id", "=", id)
            .executeTakeFirst()
          return row ? toAnnouncement(row) : null
        }),
      list: ({ offset, limit }) =>
        run(async (executor) => {
          const counted = await executor
            .selectFrom("announcements")
            .select(sql<number>`count(*)::int`.as("n"))
            .executeTakeFirst()
          const rows = await executor
            .selectFrom("announcements as a")
            .leftJoin("legendarium_collections as c", "c.id", "a.collection_id")
            .selectAll("a")
            .select("c.name as collection_name")
            .orderBy("a.created_at", "desc")
            .orderBy("a.id", "desc")
            .offset(offset)
            .limit(limit)
            .execute()
          return {
            total: counted?.n ?? 0,
            rows: rows.map((r) => ({ ...toAnnouncement(r), collectionName: r.collection_name ?? null })),
          }
        }),
      fanOut: (a, now) => run((executor) => fanOut(executor, a, now)),
      notification: (id) =>
        run(async (executor) => {
          if (!isUuid(id)) return null
          const row = await executor
            .selectFrom("notifications")
            .select(["id", "user_id", "title", "message", "action_url"])
            .where("id", "=", id)
            .executeTakeFirst()
          return row
            ? {
                id: row.id,
                userId: row.user_id,
                title: row.title,
                message: row.message,
                actionUrl: row.action_url,
              }
            : null
        }),
      collectionName: (collectionId) =>
        run(async (executor) => {
          if (!isUuid(collectionId)) return null
          const row = await executor
            .selectFrom("legendarium_collections")
            .select("name")
            .where("id", "=", collectionId)
            .executeTakeFirst()
          return row?.name ?? null
        }),
    })
  }),
)
