import { type Effect, Layer } from "effect"
import { StoreSite } from "../../application/ports/StoreSite"
import type { SubscribeInput } from "../../application/subscriptions/subscribe"
import type { DomainEvent, RecordedEvent } from "../../domain/events"
import { inMemoryFulfilment } from "./inMemoryFulfilment"
import { inMemorySubscriptions } from "./inMemorySubscriptions"
import { ana, CPF, ordersWorld, paulista } from "./ordersWorld"
import { type CardScript, scriptedSubscriptionGateway } from "./scriptedSubscriptionGateway"

/**
 * The order world with the subscription ports in memory (joining its transactions) and a scripted recurring
 * gateway: the "anime" collection (a character a month from September 2026, R$ 299,90, numbered editions of
 * 500) and Ana with her address on file.
 */
export function subscriptionsWorld(options: { now: number; cards?: Record<string, CardScript> }) {
  const subs = inMemorySubscriptions()
  const f = inMemoryFulfilment({ [ana.id]: { email: ana.email, name: "Ana Souza" } })
  let clock = options.now
  const gateway = scriptedSubscriptionGateway({
    now: () => clock,
    ...(options.cards ? { cards: options.cards } : {}),
  })
  const w = ordersWorld({
    now: options.now,
    others: [subs.participant, f.participant],
    extra: (db) =>
      Layer.mergeAll(
        subs.layer(db.write),
        f.layerFor(db),
        gateway.layer,
        Layer.succeed(StoreSite, StoreSite.of({ name: "Legendarium", publicUrl: "https://loja.example" })),
      ),
  })
  for (const c of w.characters) w.db.setStock(c.id, 500)
  const address = w.db.addAddress(ana.id, paulista)
  let recorded = 0
  const input = (over: Partial<SubscribeInput> = {}): SubscribeInput => ({
    collectionId: w.anime.id,
    planId: "monthly-plan",
    idempotencyKey: "sub-key-0000000001",
    cpf: CPF,
    addressId: address.id,
    card: { token: "APRO", paymentMethodId: "master", issuerId: null },
    ...over,
  })
  /** Committed events not handed out yet, as the outbox would give them to handlers. */
  const newEvents = (): RecordedEvent[] => {
    const fresh = w.events.slice(recorded)
    const first = recorded
    recorded = w.events.length
    return fresh.map((e: DomainEvent, i) => ({ ...e, id: `ev-${first + i + 1}`, occurredAt: clock }))
  }
  return {
    ...w,
    subs,
    f,
    gateway,
    address,
    input,
    newEvents,
    setNow: (at: number) => {
      clock = at
      w.setNow(at)
    },
    /** Runs the handlers over `events` (by default every event since the last call), then over what they record. */
    handle: async (
      handlers: readonly {
        on: readonly string[]
        handle: (e: RecordedEvent) => Effect.Effect<void, unknown, unknown>
      }[],
      events = newEvents(),
    ) => {
      // Until quiet: what the handlers record is handled in turn, as the dispatcher would.
      for (let batch = events; batch.length > 0; batch = newEvents())
        for (const event of batch)
          for (const h of handlers)
            if (h.on.includes(event.type)) await w.ok(h.handle(event) as Effect.Effect<void, never, never>)
      return events
    },
  }
}
