import { Cause, Effect, Exit } from "effect"
import type { Kysely } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { Database } from "../../adapters/db/schema"
import {
  listMyNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  myNotificationPreferences,
  myUnreadNotifications,
  setMyNotificationPreference,
} from "../../application/notifications/myNotifications"
import { notify } from "../../application/notifications/notify"
import { ClientAddress } from "../../application/ports/ClientAddress"
import { CurrentUser, type Viewer } from "../../application/ports/CurrentUser"
import type { NotificationDraft } from "../../domain/notifications/center"
import { customer, runtimeTargets, testRuntime } from "../support/appRuntimes"
import { addUsers, runtimeDb } from "../support/storeRuntime"

// The notification centre on the real adapters: each customer reads and marks only their own, preferences
// are honoured by `notify`, a keyed notification is stored once even when sent concurrently, paging is stable.
const { targets, embedded, dispose } = await runtimeTargets(12)
afterAll(dispose)

const ana = customer("nc-ana", "Ana Souza")
const bia = customer("nc-bia", "Bia Lima")

const draft = (userId: string, over: Partial<NotificationDraft> = {}): NotificationDraft => ({
  userId,
  type: "character_reveal",
  title: "Revelado: o personagem de dezembro",
  message: "Veja quem chegou à coleção.",
  actionUrl: "/colecoes",
  key: null,
  ...over,
})

describe.each(targets)("notification centre on $name", (target) => {
  const { runtime } = testRuntime(target, embedded, { workers: false })
  let db: Kysely<Database>

  const as = <A, E, R>(who: Viewer | null, effect: Effect.Effect<A, E, R>) =>
    runtime.runPromise(
      effect.pipe(
        Effect.provideService(CurrentUser, { viewer: who }),
        Effect.provideService(ClientAddress, "10.2.2.2"),
      ) as Effect.Effect<A, E, never>,
    )
  const failure = async <A, E, R>(who: Viewer | null, effect: Effect.Effect<A, E, R>) => {
    const exit = await runtime.runPromiseExit(
      effect.pipe(Effect.provideService(CurrentUser, { viewer: who })) as Effect.Effect<A, E, never>,
    )
    if (Exit.isSuccess(exit)) return "ok"
    const error = Cause.findErrorOption(exit.cause)
    return error._tag === "Some" ? (error.value as { _tag: string })._tag : "defect"
  }

  beforeAll(async () => {
    db = await runtimeDb(runtime)
    await addUsers(db, [ana, bia])
  })

  it("stores a keyed notification once even when sent concurrently", async () => {
    const outcomes = await Promise.all(
      Array.from({ length: 8 }, () => as(null, notify(draft(ana.id, { key: "reveal:p1" })))),
    )
    expect(outcomes.filter((o) => o === "stored")).toHaveLength(1)
    expect(outcomes.filter((o) => o === "duplicate")).toHaveLength(7)
    const rows = await db
      .selectFrom("notifications")
      .select(["action_url"])
      .where("user_id", "=", ana.id)
      .where("dedupe_key", "=", "reveal:p1")
      .execute()
    expect(rows).toHaveLength(1)
    expect(rows[0]?.action_url).toMatch(/^https?:\/\/[^/]+\/colecoes$/)
  })

  it("lists, counts and marks only the customer's own", async () => {
    await as(null, notify(draft(bia.id, { type: "trade", title: "Nova proposta de troca" })))
    const anaList = await as(ana, listMyNotifications(null))
    expect(anaList.items.map((n) => n.title)).toEqual(["Revelado: o personagem de dezembro"])
    expect(anaList.unread.count).toBe(1)

    const biaList = await as(bia, listMyNotifications(null))
    const biaId = biaList.items[0]?.id ?? ""
    // Ana cannot mark Bia's, and learns nothing: the same answer as an unknown id.
    expect(await failure(ana, markNotificationRead(biaId))).toBe("NotificationNotFound")
    expect(await failure(ana, markNotificationRead("not-a-uuid"))).toBe("NotificationNotFound")
    expect((await as(bia, myUnreadNotifications)).count).toBe(1)

    const after = await as(bia, markNotificationRead(biaId))
    expect(after).toEqual({ count: 0, latestAt: null })
    expect(await failure(null, listMyNotifications(null))).toBe("NotSignedIn")
    expect(await failure(null, myUnreadNotifications)).toBe("NotSignedIn")
  })

  it("honours the in-app choice per type and keeps the other channel", async () => {
    const grid = await as(ana, setMyNotificationPreference("billing", "inApp", false))
    expect(grid.billing).toEqual({ inApp: false, email: true })
    expect(grid.trade).toEqual({ inApp: true, email: true })
    expect(await as(null, notify(draft(ana.id, { type: "billing", title: "Cobrança recusada" })))).toBe(
      "opted-out",
    )
    expect(await as(null, notify(draft(ana.id, { type: "trade", title: "Troca aceita" })))).toBe("stored")
    const again = await as(ana, setMyNotificationPreference("billing", "email", false))
    expect(again.billing).toEqual({ inApp: false, email: false })
    expect((await as(bia, myNotificationPreferences)).billing).toEqual({ inApp: true, email: true })
  })

  it("refuses a draft with a script link and stores nothing", async () => {
    expect(await as(null, notify(draft(bia.id, { actionUrl: "javascript:alert(1)" })))).toBe("invalid")
  })

  it("pages newest first without gaps or repeats, and marks all read", async () => {
    for (let i = 0; i < 23; i++)
      await as(null, notify(draft(bia.id, { type: "system", title: `Comunicado ${i}`, key: `page:${i}` })))
    const seen: string[] = []
    let cursor: string | null = null
    do {
      const page: { items: readonly { id: string }[]; nextCursor: string | null } = await as(
        bia,
        listMyNotifications(cursor),
      )
      seen.push(...page.items.map((n) => n.id))
      cursor = page.nextCursor
    } while (cursor)
    expect(seen).toHaveLength(24)
    expect(new Set(seen).size).toBe(24)
    expect((await as(bia, markAllNotificationsRead)).count).toBe(0)
    expect((await as(ana, myUnreadNotifications)).count).toBeGreaterThan(0)
  })
})
