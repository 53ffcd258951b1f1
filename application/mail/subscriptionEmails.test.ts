import { Effect, Layer } from "effect"
import { describe, expect, it } from "vitest"
import { saoPauloInstant } from "../../domain/calendar"
import type { DomainEvent, RecordedEvent } from "../../domain/events"
import {
  cancel,
  cardChanged,
  chargeApproved,
  endDuePeriods,
  pause,
  reactivate,
  type Subscription,
  type SubscriptionTransition,
  startSubscription,
} from "../../domain/subscriptions/subscription"
import { fixedClock, settingsLayer } from "../../tests/fakes/inMemoryCatalog"
import { inMemoryMailbox } from "../../tests/fakes/inMemoryMailbox"
import { strictFake } from "../../tests/fakes/strict"
import { AccountData } from "../ports/AccountData"
import { CatalogRepository } from "../ports/CatalogRepository"
import { SubscriptionStore } from "../ports/SubscriptionStore"
import { subscriptionEmailsHandler } from "./subscriptionEmails"

const NOW = saoPauloInstant({ year: 2026, month: 11, day: 3 }, 10)
let nextId = 0

const applied = (t: SubscriptionTransition) => {
  if (!t.ok) throw new Error(t.reason)
  return { s: t.subscription, events: t.events as readonly DomainEvent[] }
}
const active = (): Subscription => {
  const started = applied(
    startSubscription({
      id: "s1",
      userId: "user-1",
      collectionId: "c1",
      planId: "monthly-plan",
      frequencyMonths: 1,
      amount: 29990,
      paymentMethodId: "visa",
      now: NOW,
    }),
  ).s
  return applied(
    chargeApproved(started, {
      id: "ch1",
      amount: 29990,
      chargedAt: NOW,
      retryAttempt: 0,
      statusDetail: null,
    }),
  ).s
}

/** Sends the e-mails of a transition's events, the subscription read as it stands after it. */
async function mailsOf(t: SubscriptionTransition) {
  const { s, events } = applied(t)
  const mail = inMemoryMailbox()
  const layer = Layer.mergeAll(
    mail.layer,
    fixedClock(NOW),
    settingsLayer({ supportEmail: "ajuda@legendarium.com.br" }),
    Layer.succeed(
      SubscriptionStore,
      strictFake<SubscriptionStore["Service"]>("SubscriptionStore", {
        get: () => Effect.succeed({ ...s, idempotencyKey: "k", cpf: "12345678909", updatedAt: NOW }),
      }),
    ),
    Layer.succeed(
      CatalogRepository,
      strictFake<CatalogRepository["Service"]>("CatalogRepository", {
        findCollection: () => Effect.succeed(null),
      }),
    ),
    Layer.succeed(
      AccountData,
      strictFake<AccountData["Service"]>("AccountData", {
        contactOf: () => Effect.succeed({ email: "ana@example.com", name: "Ana" }),
      }),
    ),
  )
  for (const event of events) {
    const recordedEvent = { ...event, id: String(++nextId), occurredAt: NOW } as RecordedEvent
    await Effect.runPromise(subscriptionEmailsHandler.handle(recordedEvent).pipe(Effect.provide(layer)))
  }
  return {
    templates: mail.attempts().map((a) => a.template),
    subjects: mail.sent.map((m) => m.subject),
  }
}

describe("subscription e-mails for the collector's own changes", () => {
  it("confirms a pause, with its return day", async () => {
    const mails = await mailsOf(pause(active(), { year: 2027, month: 1, day: 20 }, NOW))
    expect(mails.templates).toEqual(["subscription-paused-collector"])
    expect(mails.subjects).toEqual(["Sua assinatura foi pausada até 20/01/2027 — Legendarium"])
  })

  it("confirms a reactivation, but not the end of a dated pause", async () => {
    const paused = applied(pause(active(), null, NOW)).s
    expect((await mailsOf(reactivate(paused))).templates).toEqual(["subscription-reactivated"])
    const dated = applied(pause(active(), { year: 2027, month: 1, day: 10 }, NOW)).s
    const ended = endDuePeriods(dated, saoPauloInstant({ year: 2027, month: 1, day: 10 }, 0))
    expect((await mailsOf(ended)).templates).toEqual([])
  })

  it("confirms a scheduled cancellation with the day it takes effect", async () => {
    const mails = await mailsOf(cancel(active(), "Vou economizar", NOW))
    expect(mails.templates).toEqual(["subscription-cancellation-scheduled"])
    expect(mails.subjects).toEqual(["Cancelamento agendado para 01/12/2026 — Legendarium"])
  })

  it("confirms a new card", async () => {
    const mails = await mailsOf(cardChanged(active(), { lastFour: "6351", paymentMethodId: "master" }))
    expect(mails.templates).toEqual(["subscription-card-changed"])
  })
})
