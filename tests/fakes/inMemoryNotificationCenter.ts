import { Effect, Layer } from "effect"
import { HmacUnsubscribeTokensLayer } from "../../adapters/crypto/HmacUnsubscribeTokens"
import { NotificationCenter } from "../../application/ports/NotificationCenter"
import { UnsubscribeTokens } from "../../application/ports/UnsubscribeTokens"
import type { NotificationType } from "../../domain/notifications/announcement"
import {
  type NotificationChannel,
  type NotificationDraft,
  preferencesOf,
} from "../../domain/notifications/center"
import type { Transactional } from "./inMemoryEvents"
import { strictFake } from "./strict"

export const TEST_AUTH_SECRET = "test-secret-of-the-in-memory-world-0123456789"

/**
 * The notification centre in memory with PostgresNotificationCenter's promises: a keyed draft is stored once
 * per customer, a missing preference is on. Rolls back with the unit of work (pass `participant`). Only what
 * senders use is given: the customer's list and its marks are the integration test's.
 */
export function inMemoryNotificationCenter() {
  let stored: (NotificationDraft & { id: string; at: number })[] = []
  const choices = new Map<string, { type: NotificationType; inApp: boolean; email: boolean }[]>()
  let next = 0
  const participant: Transactional = {
    snapshot: () => {
      const saved = [...stored]
      return () => {
        stored = saved
      }
    },
  }
  const preferences = (userId: string) => preferencesOf(choices.get(userId) ?? [])
  const choose = (userId: string, type: NotificationType, channel: NotificationChannel, enabled: boolean) => {
    const current = preferences(userId)[type]
    const row = { type, ...current, [channel]: enabled }
    choices.set(userId, [...(choices.get(userId) ?? []).filter((r) => r.type !== type), row])
  }
  const layer = Layer.succeed(
    NotificationCenter,
    NotificationCenter.of({
      store: (draft, at) =>
        Effect.sync(() => {
          if (draft.key !== null && stored.some((n) => n.userId === draft.userId && n.key === draft.key))
            return null
          const id = `n${++next}`
          stored.push({ ...draft, id, at })
          return { id }
        }),
      preferences: (userId) => Effect.sync(() => preferences(userId)),
      setPreference: (userId, type, channel, enabled) =>
        Effect.sync(() => choose(userId, type, channel, enabled)),
      page: () => Effect.die(new Error("NotificationCenter.page was not given to this fake")),
      unread: () => Effect.die(new Error("NotificationCenter.unread was not given to this fake")),
      markRead: () => Effect.die(new Error("NotificationCenter.markRead was not given to this fake")),
      markAllRead: () => Effect.die(new Error("NotificationCenter.markAllRead was not given to this fake")),
    }),
  )
  return {
    participant,
    /** With the real (pure) token signer, so the unsubscribe links in messages can be checked. */
    layer: Layer.merge(layer, HmacUnsubscribeTokensLayer(TEST_AUTH_SECRET)),
    notifications: () => stored,
    choose,
  }
}

/** For senders of transactional e-mail: asking for a preference or an unsubscribe link fails the test. */
export const noTopicServices = Layer.mergeAll(
  Layer.succeed(NotificationCenter, strictFake<NotificationCenter["Service"]>("NotificationCenter", {})),
  Layer.succeed(UnsubscribeTokens, strictFake<UnsubscribeTokens["Service"]>("UnsubscribeTokens", {})),
)
