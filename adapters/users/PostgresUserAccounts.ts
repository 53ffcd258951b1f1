import { Effect, Layer } from "effect"
import { sql } from "kysely"
import { type UserAccount, UserAccounts } from "../../application/ports/UserAccounts"
import type { UserSort } from "../../domain/accounts/userAdmin"
import { Db } from "../db/DatabaseService"
import { withExecutor } from "../db/transaction"

const COLUMNS = ["id", "email", "name", "createdAt", "emailVerified", "role", "appRole", "blockedAt"] as const

interface Row {
  id: string
  email: string
  name: string
  createdAt: Date
  emailVerified: boolean
  role: string | null
  appRole: string | null
  blockedAt: Date | null
}

const toAccount = (r: Row): UserAccount => ({
  id: r.id,
  email: r.email,
  name: r.name,
  createdAt: new Date(r.createdAt).getTime(),
  emailVerified: r.emailVerified,
  metadataRole: r.role,
  appRole: r.appRole,
  blockedAt: r.blockedAt ? new Date(r.blockedAt).getTime() : null,
})

const ORDER: Record<UserSort, readonly [column: "createdAt" | "email" | "name", direction: "asc" | "desc"]> =
  {
    created_desc: ["createdAt", "desc"],
    created_asc: ["createdAt", "asc"],
    email_asc: ["email", "asc"],
    name_asc: ["name", "asc"],
  }

/** `%` and `_` typed in the search box are letters, not wildcards. */
const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`

/** One lock for every role change and block of the store; held until the transaction ends. */
const ROLES_LOCK = "user-admin:roles"

export const PostgresUserAccountsLayer = Layer.effect(
  UserAccounts,
  Effect.gen(function* () {
    const { db } = yield* Db
    return UserAccounts.of({
      list: (q) =>
        withExecutor(db, async (executor) => {
          let base = executor.selectFrom("auth_user")
          const search = q.search?.trim()
          if (search)
            base = base.where((eb) =>
              eb.or([
                eb(sql`lower(email)`, "like", likePattern(search)),
                eb(sql`lower(name)`, "like", likePattern(search)),
              ]),
            )
          const [column, direction] = ORDER[q.sort]
          const [rows, count] = await Promise.all([
            base
              .select(COLUMNS)
              .orderBy(column, direction)
              .orderBy("id", "asc")
              .limit(q.pageSize)
              .offset((q.page - 1) * q.pageSize)
              .execute(),
            base.select(sql<number>`count(*)::int`.as("total")).executeTakeFirstOrThrow(),
          ])
          return { rows: rows.map(toAccount), total: count.total }
        }),
      find: (id) =>
        withExecutor(db, (executor) =>
          executor.selectFrom("auth_user").select(COLUMNS).where("id", "=", id).executeTakeFirst(),
        ).pipe(Effect.map((row) => (row ? toAccount(row) : null))),
      lockRoles: () =>
        withExecutor(db, (executor) =>
          sql`select pg_advisory_xact_lock(hashtext(${ROLES_LOCK}))`.execute(executor),
        ).pipe(Effect.asVoid),
      adminCandidates: (adminEmails) =>
        withExecutor(db, (executor) =>
          executor
            .selectFrom("auth_user")
            .select(COLUMNS)
            .where("blockedAt", "is", null)
            .where((eb) =>
              eb.or([
                eb("role", "=", "admin"),
                eb("appRole", "=", "admin"),
                ...(adminEmails.length > 0
                  ? [
                      eb(
                        sql`lower(email)`,
                        "in",
                        adminEmails.map((e) => e.trim().toLowerCase()),
                      ),
                    ]
                  : []),
              ]),
            )
            .execute(),
        ).pipe(Effect.map((rows) => rows.map(toAccount))),
      setRole: (id, role) =>
        withExecutor(db, (executor) =>
          executor.updateTable("auth_user").set({ role }).where("id", "=", id).execute(),
        ).pipe(Effect.asVoid),
      setBlocked: (id, blockedAt) =>
        withExecutor(db, async (executor) => {
          await executor
            .updateTable("auth_user")
            .set({ blockedAt: blockedAt === null ? null : new Date(blockedAt) })
            .where("id", "=", id)
            .execute()
          // A blocked account is signed out everywhere at once, not when its sessions expire.
          if (blockedAt !== null) await executor.deleteFrom("auth_session").where("userId", "=", id).execute()
        }),
    })
  }),
)
