import { Cause, Effect, Exit, Layer } from "effect"
import { describe, expect, it } from "vitest"
import type { RecordedEvent } from "../../domain/events"
import { admin, moderator } from "../../tests/fakes/fulfilmentWorld"
import { inMemoryAdminAudit } from "../../tests/fakes/inMemoryAdminAudit"
import { inMemoryEvents } from "../../tests/fakes/inMemoryEvents"
import { type Customer, inMemoryNotifications } from "../../tests/fakes/inMemoryNotifications"
import { sequentialIds } from "../../tests/fakes/inMemoryOrders"
import { ana } from "../../tests/fakes/ordersWorld"
import { strictFake } from "../../tests/fakes/strict"
import { requeueParkedEvent } from "../events/parkedEvents"
import { Clock } from "../ports/Clock"
import type { Viewer } from "../ports/CurrentUser"
import { CurrentUser } from "../ports/CurrentUser"
import { EventQueue } from "../ports/EventQueue"
import { StoreSite } from "../ports/StoreSite"
import { fanOutAnnouncementHandler } from "./announcementHandlers"
import { listAnnouncements, publishAnnouncement } from "./publishAnnouncement"

const NOW = Date.UTC(2026, 10, 27, 12)
const ANIME = "c0000000-0000-4000-8000-000000000001"

function world(extra: readonly Customer[] = []) {
  const store = inMemoryNotifications({
    customers: [
      { id: "u-ana", verified: true, subscribed: [ANIME] },
      { id: "u-bruno", verified: true, subscribed: [] },
      { id: "u-carla", verified: false, subscribed: [ANIME] },
      ...extra,
    ],
    collections: { [ANIME]: "Anime Legends" },
  })
  const audit = inMemoryAdminAudit()
  const events = inMemoryEvents([store.participant, audit.participant])
  const requeued: string[] = []
  const layer = Layer.mergeAll(
    store.layer,
    audit.layer,
    events.layer,
    sequentialIds(),
    Layer.succeed(Clock, Clock.of({ now: () => Effect.succeed(NOW) })),
    Layer.succeed(StoreSite, StoreSite.of({ name: "Legendarium", publicUrl: "https://loja.example" })),
    Layer.succeed(
      EventQueue,
      strictFake<EventQueue["Service"]>("EventQueue", {
        requeue: (eventId, handler) =>
          Effect.sync(() => {
            requeued.push(`${eventId}:${handler}`)
            return eventId === "42"
          }),
      }),
    ),
  )
  const run = <A, E>(effect: Effect.Effect<A, E, never>) => Effect.runPromiseExit(effect)
  const as = <A, E, R>(effect: Effect.Effect<A, E, R>, viewer: Viewer | null) =>
    effect.pipe(
      Effect.provideService(CurrentUser, CurrentUser.of({ viewer })),
      Effect.provide(layer),
    ) as Effect.Effect<A, E>
  const ok = async <A, E, R>(effect: Effect.Effect<A, E, R>, viewer: Viewer | null = admin) => {
    const exit = await run(as(effect, viewer))
    if (Exit.isSuccess(exit)) return exit.value
    throw new Error(Cause.pretty(exit.cause))
  }
  const fails = <A, E, R>(effect: Effect.Effect<A, E, R>, viewer: Viewer | null) =>
    ok(Effect.flip(effect), viewer)
  /** Runs the fan-out handler on the outbox's n-th recorded event, as the dispatcher would. */
  const deliver = (index: number) => {
    const event = { ...events.committed[index], id: String(index + 1), occurredAt: NOW } as RecordedEvent
    return ok(fanOutAnnouncementHandler.handle(event))
  }
  return { store, audit, events, requeued, ok, fails, deliver }
}

const draft = {
  title: "Manutenção",
  message: "Domingo, das 2h às 4h.",
  link: "/colecoes",
  audience: { kind: "all" },
} as const

describe("announcements", () => {
  it("stores the announcement, its event and its audit entry together; the link becomes this site's address", async () => {
    const w = world()
    const { id } = await w.ok(publishAnnouncement(draft))
    expect(w.store.announcements()).toEqual([
      expect.objectContaining({
        id,
        title: "Manutenção",
        actionUrl: "https://loja.example/colecoes",
        recipientCount: null,
      }),
    ])
    expect(w.events.committed.map((e) => e.type)).toEqual(["AnnouncementPublished"])
    expect(w.audit.changes()).toEqual([
      expect.objectContaining({
        subjectType: "announcement",
        subjectId: id,
        action: "publish",
        actor: expect.objectContaining({ id: admin.id }),
      }),
    ])
  })

  it("refuses a moderator, a customer and a visitor, and stores nothing", async () => {
    const w = world()
    expect(await w.fails(publishAnnouncement(draft), moderator)).toMatchObject({ _tag: "Forbidden" })
    expect(await w.fails(publishAnnouncement(draft), ana)).toMatchObject({ _tag: "Forbidden" })
    expect(await w.fails(publishAnnouncement(draft), null)).toMatchObject({ _tag: "NotSignedIn" })
    expect(await w.fails(listAnnouncements(), moderator)).toMatchObject({ _tag: "Forbidden" })
    expect(w.store.announcements()).toEqual([])
    expect(w.events.committed).toEqual([])
  })

  it("refuses an invalid draft and an unknown collection with the pt-BR reason", async () => {
    const w = world()
    expect(await w.fails(publishAnnouncement({ ...draft, title: " " }), admin)).toMatchObject({
      _tag: "InvalidInput",
      message: "Título é obrigatório",
    })
    expect(
      await w.fails(publishAnnouncement({ ...draft, link: "javascript:alert(1)" }), admin),
    ).toMatchObject({
      _tag: "InvalidInput",
    })
    const unknown = { ...draft, audience: { kind: "collection", collectionId: "nope" } } as const
    expect(await w.fails(publishAnnouncement(unknown), admin)).toMatchObject({
      message: "Coleção não encontrada",
    })
    expect(w.store.announcements()).toEqual([])
  })

  it("fans out to every verified customer once, even when the handler runs twice, with one e-mail event each", async () => {
    const w = world()
    await w.ok(publishAnnouncement(draft))
    await w.deliver(0)
    await w.deliver(0)
    expect(
      w.store
        .notifications()
        .map((n) => n.userId)
        .sort(),
    ).toEqual(["u-ana", "u-bruno"])
    expect(w.events.committed.filter((e) => e.type === "AnnouncementEmailDue")).toHaveLength(2)
    const listed = await w.ok(listAnnouncements())
    expect(listed.rows[0]?.recipientCount).toBe(2)
  })

  it("honours each customer's choices for announcements: in-app off, e-mail off, both off", async () => {
    const w = world([
      { id: "u-dani", verified: true, subscribed: [], system: { inApp: false, email: true } },
      { id: "u-edu", verified: true, subscribed: [], system: { inApp: true, email: false } },
      { id: "u-fe", verified: true, subscribed: [], system: { inApp: false, email: false } },
    ])
    await w.ok(publishAnnouncement(draft))
    await w.deliver(0)
    await w.deliver(0)
    expect(
      w.store
        .notifications()
        .map((n) => n.userId)
        .sort(),
    ).toEqual(["u-ana", "u-bruno", "u-edu"])
    const emailed = w.events.committed
      .filter((e) => e.type === "AnnouncementEmailDue")
      .map((e) => (e.payload as { userId: string }).userId)
      .sort()
    expect(emailed).toEqual(["u-ana", "u-bruno", "u-dani"])
    // Everyone the announcement reached counts, whatever they chose to receive.
    expect((await w.ok(listAnnouncements())).rows[0]?.recipientCount).toBe(5)
  })

  it("gives a collection's announcement to its subscribers only", async () => {
    const w = world()
    await w.ok(publishAnnouncement({ ...draft, audience: { kind: "collection", collectionId: ANIME } }))
    await w.deliver(0)
    expect(
      w.store
        .notifications()
        .map((n) => n.userId)
        .sort(),
    ).toEqual(["u-ana", "u-carla"])
    expect((await w.ok(listAnnouncements())).rows[0]).toMatchObject({
      collectionName: "Anime Legends",
      recipientCount: 2,
    })
  })
})

describe("parked events", () => {
  it("re-queues for an administrator, with an audit entry; refuses a moderator", async () => {
    const w = world()
    expect(await w.fails(requeueParkedEvent("42", "mail.orders"), moderator)).toMatchObject({
      _tag: "Forbidden",
    })
    expect(w.requeued).toEqual([])
    expect(await w.ok(requeueParkedEvent("42", "mail.orders"))).toEqual({ requeued: true })
    expect(w.audit.changes()).toEqual([
      expect.objectContaining({ subjectType: "event", subjectId: "42", action: "requeue" }),
    ])
    expect(await w.fails(requeueParkedEvent("7", "mail.orders"), admin)).toMatchObject({
      _tag: "InvalidInput",
    })
    expect(w.audit.changes()).toHaveLength(1)
  })
})
