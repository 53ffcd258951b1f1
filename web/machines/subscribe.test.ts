import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import { createActor, fromPromise } from "xstate"
import { PAYMENT_MESSAGES } from "../../domain/orders/paymentMessages"
import { type CardToken, CardTokenError, type NonSensitiveCard } from "./cardEntry"
import {
  MAX_STATUS_POLLS,
  type PaymentSetup,
  type PlansOffer,
  STATUS_POLL_MS,
  type StatusCheck,
  SUBSCRIBE_MESSAGES,
  type SubscribeInput,
  type SubscribeResult,
  subscribeMachine,
} from "./subscribe"

const SETUP: PaymentSetup = {
  sandbox: true,
  cpf: "12345678909",
  firstMonthNote: "Seu primeiro personagem é o de dezembro/2026.",
  delivery: { id: "a1", line: "Ana Souza, Avenida Paulista, 1000" },
}

const OFFER: PlansOffer = {
  collection: { id: "heroes", name: "Heroes" },
  plans: [
    {
      id: "monthly-plan",
      name: "Plano Mensal",
      price: 49990,
      frequencyMonths: 1,
      perMonth: 49990,
      benefits: [],
    },
    {
      id: "bimonthly-plan",
      name: "Plano Bimestral",
      price: 89990,
      frequencyMonths: 2,
      perMonth: 44995,
      benefits: [],
    },
  ],
  saving: 9990,
  guarantees: [],
}
const TOKEN: CardToken = {
  token: "tok-1",
  paymentMethodId: "master",
  issuerId: null,
  lastFour: "6351",
  deviceSessionId: null,
}

interface Options {
  signedIn?: boolean
  planId?: string | null
  loadPlans?: () => Promise<PlansOffer>
  prepare?: () => Promise<PaymentSetup>
  tokenize?: (input: NonSensitiveCard) => Promise<CardToken>
  subscribe?: (input: SubscribeInput) => Promise<SubscribeResult>
  check?: (input: { subscriptionId: string }) => Promise<StatusCheck>
}

function start(options: Options = {}) {
  let keys = 0
  const loadPlans = vi.fn(options.loadPlans ?? (async () => OFFER))
  const preparePayment = vi.fn(options.prepare ?? (async () => SETUP))
  const tokenizeCard = vi.fn(options.tokenize ?? (async () => TOKEN))
  const subscribe = vi.fn(
    options.subscribe ?? (async () => ({ subscriptionId: "s1", status: "active" as const })),
  )
  const checkStatus = vi.fn(options.check ?? (async () => ({ status: "active" as const, reason: null })))
  const subscribed = vi.fn()
  const machine = subscribeMachine.provide({
    actors: {
      loadPlans: fromPromise(() => loadPlans()),
      preparePayment: fromPromise(() => preparePayment()),
      tokenizeCard: fromPromise(({ input }) => tokenizeCard(input)),
      subscribe: fromPromise(({ input }) => subscribe(input)),
      checkStatus: fromPromise(({ input }) => checkStatus(input)),
    },
    actions: { subscribed },
  })
  const actor = createActor(machine, {
    input: {
      collectionId: "heroes",
      signedIn: options.signedIn ?? true,
      planId: options.planId ?? null,
      makeKey: () => `key-${++keys}`,
    },
  })
  actor.start()
  return { actor, loadPlans, preparePayment, tokenizeCard, subscribe, checkStatus, subscribed }
}

type Actor = ReturnType<typeof start>["actor"]

/** The test card as its fields (Mercado Pago's or the sandbox's) report it, and the holder typed. */
function fillCard(actor: Actor, holder = "APRO") {
  for (const field of ["number", "expiry", "securityCode"] as const)
    actor.send({ type: "CARD_FIELD", field, state: { complete: true, error: null } })
  actor.send({ type: "CHANGE_HOLDER", value: holder })
}

const flush = () => vi.advanceTimersByTimeAsync(0)

/** The payment form, its card fields mounted (as the dialog's form tells the machine). */
async function toForm(options: Options = {}, mounted = true) {
  const started = start(options)
  await flush()
  started.actor.send({ type: "CHOOSE", planId: "monthly-plan" })
  await flush()
  if (mounted) started.actor.send({ type: "PAYMENT_READY" })
  return started
}

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe("subscription dialog", () => {
  it("shows the collection's plans, then the payment form of the chosen one with the saved CPF", async () => {
    const { actor, preparePayment } = start()
    await flush()
    expect(actor.getSnapshot().matches("choosing")).toBe(true)
    expect(actor.getSnapshot().context.offer?.saving).toBe(9990)
    // The card form (and MercadoPago.js) is loaded only once a plan is chosen.
    expect(preparePayment).not.toHaveBeenCalled()
    actor.send({ type: "CHOOSE", planId: "bimonthly-plan" })
    await flush()
    const snapshot = actor.getSnapshot()
    expect(snapshot.matches({ payment: "form" })).toBe(true)
    expect(snapshot.context.planId).toBe("bimonthly-plan")
    expect(snapshot.context.cpf).toBe("123.456.789-09")
    expect(preparePayment).toHaveBeenCalledTimes(1)
  })

  it("'Voltar' returns to the plans", async () => {
    const { actor } = await toForm()
    actor.send({ type: "BACK" })
    expect(actor.getSnapshot().matches("choosing")).toBe(true)
  })

  it("asks a visitor to sign in instead of the payment form", async () => {
    const { actor, preparePayment } = start({ signedIn: false })
    await flush()
    actor.send({ type: "CHOOSE", planId: "monthly-plan" })
    await flush()
    expect(actor.getSnapshot().matches("signInRequired")).toBe(true)
    expect(actor.getSnapshot().context.planId).toBe("monthly-plan")
    expect(preparePayment).not.toHaveBeenCalled()
    actor.send({ type: "BACK" })
    expect(actor.getSnapshot().matches("choosing")).toBe(true)
  })

  it("brings a collector back from sign-in straight to the plan they chose; an unknown plan to the choice", async () => {
    const back = start({ planId: "monthly-plan" })
    await flush()
    expect(back.actor.getSnapshot().matches({ payment: "form" })).toBe(true)
    const unknown = start({ planId: "weekly-plan" })
    await flush()
    expect(unknown.actor.getSnapshot().matches("choosing")).toBe(true)
    expect(unknown.actor.getSnapshot().context.planId).toBeNull()
  })

  it("offers a retry when the plans cannot be loaded", async () => {
    let fail = true
    const { actor, loadPlans } = start({
      loadPlans: async () => {
        if (fail) throw new Error("down")
        return OFFER
      },
    })
    await flush()
    expect(actor.getSnapshot().matches("loadFailed")).toBe(true)
    fail = false
    actor.send({ type: "RETRY" })
    await flush()
    expect(actor.getSnapshot().matches("choosing")).toBe(true)
    expect(loadPlans).toHaveBeenCalledTimes(2)
  })

  it("says so when the card form cannot be loaded, and tries again", async () => {
    let fail = true
    const { actor } = await toForm({
      prepare: async () => {
        if (fail) throw new Error("script blocked")
        return { ...SETUP, sandbox: false, cpf: null }
      },
    })
    expect(actor.getSnapshot().matches({ payment: "unavailable" })).toBe(true)
    expect(actor.getSnapshot().context.error).toBe(PAYMENT_MESSAGES.loadFailed)
    fail = false
    actor.send({ type: "RETRY" })
    await flush()
    expect(actor.getSnapshot().matches({ payment: "form" })).toBe(true)
    expect(actor.getSnapshot().context.error).toBeNull()
  })

  it("waits for the card fields: not yet in place, or unable to load (MercadoPago.js unreachable)", async () => {
    const { actor, tokenizeCard } = await toForm({}, false)
    fillCard(actor)
    actor.send({ type: "SUBMIT" })
    expect(actor.getSnapshot().context.error).toBe(PAYMENT_MESSAGES.cardFormNotReady)
    expect(tokenizeCard).not.toHaveBeenCalled()
    actor.send({ type: "PAYMENT_FAILED_TO_LOAD" })
    expect(actor.getSnapshot().matches({ payment: "unavailable" })).toBe(true)
    expect(actor.getSnapshot().context.error).toBe(PAYMENT_MESSAGES.loadFailed)
    actor.send({ type: "RETRY" })
    await flush()
    actor.send({ type: "PAYMENT_READY" })
    fillCard(actor)
    actor.send({ type: "SUBMIT" })
    await flush()
    expect(tokenizeCard).toHaveBeenCalledTimes(1)
  })

  it("checks the form before asking for a token", async () => {
    const { actor, tokenizeCard } = await toForm({ prepare: async () => ({ ...SETUP, cpf: null }) })
    actor.send({ type: "SUBMIT" })
    const { context } = actor.getSnapshot()
    expect(context.error).toBe(PAYMENT_MESSAGES.invalidCard)
    expect(Object.keys(context.fieldErrors).sort()).toEqual([
      "cpf",
      "expiry",
      "holder",
      "number",
      "securityCode",
    ])
    expect(tokenizeCard).not.toHaveBeenCalled()
    fillCard(actor)
    expect(actor.getSnapshot().context.error).toBeNull()
    actor.send({ type: "CHANGE_CPF", value: "123.456.789-09" })
    expect(actor.getSnapshot().context.fieldErrors).toEqual({})
  })

  it("subscribes with the token, the plan and one key, and shows the approval", async () => {
    const { actor, tokenizeCard, subscribe, subscribed } = await toForm()
    fillCard(actor)
    actor.send({ type: "SUBMIT" })
    await flush()
    // Only what the store may see: the fields hold the card itself.
    expect(tokenizeCard).toHaveBeenCalledWith({
      cardholderName: "APRO",
      identificationType: "CPF",
      identificationNumber: "12345678909",
    })
    expect(subscribe).toHaveBeenCalledWith({
      collectionId: "heroes",
      planId: "monthly-plan",
      idempotencyKey: "key-1",
      cpf: "12345678909",
      addressId: "a1",
      card: { token: "tok-1", paymentMethodId: "master", issuerId: null },
    })
    expect(actor.getSnapshot().value).toBe("approved")
    expect(actor.getSnapshot().context.subscriptionId).toBe("s1")
    expect(subscribed).toHaveBeenCalledTimes(1)
  })

  it("shows a tokenizer's refusal under the field it concerns", async () => {
    const { actor, subscribe } = await toForm({
      tokenize: async () => {
        throw new CardTokenError("Código de segurança inválido", "securityCode")
      },
    })
    fillCard(actor)
    actor.send({ type: "SUBMIT" })
    await flush()
    const { context } = actor.getSnapshot()
    expect(actor.getSnapshot().matches({ payment: "form" })).toBe(true)
    expect(context.error).toBe(PAYMENT_MESSAGES.invalidCard)
    expect(context.fieldErrors.securityCode).toBe("Código de segurança inválido")
    expect(subscribe).not.toHaveBeenCalled()
  })

  it("a refused card says why and lets the collector retry as a new attempt", async () => {
    let refuse = true
    const { actor, subscribe } = await toForm({
      subscribe: async () => {
        if (refuse)
          throw Object.assign(new Error("Erro ao criar assinatura: O banco emissor recusou o pagamento."), {
            data: { code: "UNPROCESSABLE_CONTENT" },
          })
        return { subscriptionId: "s2", status: "active" }
      },
    })
    fillCard(actor, "OTHE")
    actor.send({ type: "SUBMIT" })
    await flush()
    expect(actor.getSnapshot().matches({ payment: "form" })).toBe(true)
    expect(actor.getSnapshot().context.error).toBe(
      "Erro ao criar assinatura: O banco emissor recusou o pagamento.",
    )
    refuse = false
    actor.send({ type: "CHANGE_HOLDER", value: "APRO" })
    actor.send({ type: "SUBMIT" })
    await flush()
    expect(subscribe.mock.calls.map(([input]) => input?.idempotencyKey)).toEqual(["key-1", "key-2"])
    expect(actor.getSnapshot().value).toBe("approved")
  })

  it("a first charge refused at once says why, and the next try is a new attempt", async () => {
    const { actor, subscribe } = await toForm({
      subscribe: async () => ({
        subscriptionId: "s1",
        status: "cancelled",
        reason: "O cartão não tem limite suficiente. Use outro cartão ou pague com PIX.",
      }),
    })
    fillCard(actor, "FUND")
    actor.send({ type: "SUBMIT" })
    await flush()
    expect(actor.getSnapshot().matches({ payment: "form" })).toBe(true)
    expect(actor.getSnapshot().context.error).toBe(
      "O cartão não tem limite suficiente. Use outro cartão ou pague com PIX.",
    )
    actor.send({ type: "SUBMIT" })
    await flush()
    expect(subscribe.mock.calls.map(([input]) => input?.idempotencyKey)).toEqual(["key-1", "key-2"])
  })

  it("sends the same attempt again, with its key, after no answer", async () => {
    let calls = 0
    const { actor, subscribe } = await toForm({
      subscribe: async () => {
        if (++calls === 1) throw new TypeError("Failed to fetch")
        return { subscriptionId: "s1", status: "active" }
      },
    })
    fillCard(actor)
    actor.send({ type: "SUBMIT" })
    await flush()
    expect(actor.getSnapshot().context.error).toBe(SUBSCRIBE_MESSAGES.failed)
    actor.send({ type: "SUBMIT" })
    await flush()
    expect(subscribe.mock.calls.map(([input]) => input?.idempotencyKey)).toEqual(["key-1", "key-1"])
    expect(actor.getSnapshot().value).toBe("approved")
  })

  it("waits for a pending first charge: approved when it is", async () => {
    const answers: StatusCheck[] = [
      { status: "pending", reason: null },
      { status: "active", reason: null },
    ]
    const { actor, checkStatus } = await toForm({
      subscribe: async () => ({ subscriptionId: "s1", status: "pending" }),
      check: async () => answers.shift() ?? { status: "active", reason: null },
    })
    fillCard(actor)
    actor.send({ type: "SUBMIT" })
    await flush()
    expect(actor.getSnapshot().matches({ payment: "confirming" })).toBe(true)
    await vi.advanceTimersByTimeAsync(STATUS_POLL_MS)
    expect(checkStatus).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(STATUS_POLL_MS)
    expect(checkStatus).toHaveBeenCalledWith({ subscriptionId: "s1" })
    expect(actor.getSnapshot().value).toBe("approved")
  })

  it("a first charge refused later shows its reason on the form, for a new attempt", async () => {
    const { actor } = await toForm({
      subscribe: async () => ({ subscriptionId: "s1", status: "pending" }),
      check: async () => ({ status: "cancelled", reason: "O cartão não tem limite suficiente." }),
    })
    fillCard(actor, "FUND")
    actor.send({ type: "SUBMIT" })
    await flush()
    await vi.advanceTimersByTimeAsync(STATUS_POLL_MS)
    expect(actor.getSnapshot().matches({ payment: "form" })).toBe(true)
    expect(actor.getSnapshot().context.error).toBe("O cartão não tem limite suficiente.")
    expect(actor.getSnapshot().context.idempotencyKey).toBeNull()
  })

  it("stops asking after the budget: the result then comes by e-mail", async () => {
    const { actor, checkStatus, subscribed } = await toForm({
      subscribe: async () => ({ subscriptionId: "s1", status: "pending" }),
      check: async () => ({ status: "pending", reason: null }),
    })
    fillCard(actor)
    actor.send({ type: "SUBMIT" })
    await flush()
    await vi.advanceTimersByTimeAsync(STATUS_POLL_MS * (MAX_STATUS_POLLS + 2))
    expect(checkStatus).toHaveBeenCalledTimes(MAX_STATUS_POLLS)
    expect(actor.getSnapshot().value).toBe("processing")
    expect(subscribed).toHaveBeenCalledTimes(1)
  })

  it("ignores 'Voltar' while the card is being charged", async () => {
    const { actor } = await toForm({ subscribe: () => new Promise(() => {}) })
    fillCard(actor)
    actor.send({ type: "SUBMIT" })
    await flush()
    actor.send({ type: "BACK" })
    expect(actor.getSnapshot().matches({ payment: "subscribing" })).toBe(true)
  })
})
