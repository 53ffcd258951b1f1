import { randomUUID } from "node:crypto"
import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import type { PreapprovalRequest, SubscriptionGateway } from "../../application/ports/SubscriptionGateway"
import { addMonths, type CivilDate, toSaoPauloCivil } from "../../domain/calendar"

/** What the contract needs from each implementation besides the port itself. */
export interface SubscriptionHarness {
  readonly gateway: SubscriptionGateway["Service"]
  /** A fresh single-use token for the Mastercard test card, made the way the browser makes one. */
  cardToken(holderName: string): Promise<string>
  /** The gateway's own scheduler charges the next cycle of an authorized preapproval. */
  renew(preapprovalId: string): Promise<void>
  /** Whether the gateway tells a preapproval's card digits (Mercado Pago's reference does not promise them). */
  readonly knowsCardDigits: boolean
  /** Takes the gateway down until the returned function is called; null when it has no outage to simulate. */
  readonly outage: (() => () => void) | null
}

const run = <A, E>(effect: Effect.Effect<A, E>) => Effect.runPromise(effect)
const failure = <A, E>(effect: Effect.Effect<A, E>) => Effect.runPromise(Effect.flip(effect))

/** The port's promises, held by Mercado Pago's adapter (on the fake) and by the sandbox alike. */
export function subscriptionGatewayContract(setup: () => SubscriptionHarness) {
  const h = () => setup()

  const request = async (
    holder: string,
    over: Partial<PreapprovalRequest> = {},
  ): Promise<PreapprovalRequest> => ({
    subscriptionId: randomUUID(),
    reason: "Legendarium — Plano Mensal — Heróis",
    amount: 49990,
    frequencyMonths: 1,
    payerEmail: "assinante@example.com",
    cardToken: await h().cardToken(holder),
    backUrl: "https://loja.example/assinatura",
    notificationUrl: "https://loja.example/api/mercadopago/webhook",
    ...over,
  })
  const subscribe = async (holder: string, over: Partial<PreapprovalRequest> = {}) => {
    const req = await request(holder, over)
    return { req, preapproval: await run(h().gateway.createPreapproval(req)) }
  }

  describe("sign-up", () => {
    it("authorises an APRO card and charges the first cycle at once, to the centavo", async () => {
      const before = Date.now()
      const { req, preapproval } = await subscribe("APRO", { amount: 89990, frequencyMonths: 2 })
      expect(preapproval).toMatchObject({
        subscriptionId: req.subscriptionId,
        status: "authorized",
        amount: 89990,
        frequencyMonths: 2,
        paymentMethodId: "master",
        cardLastFour: h().knowsCardDigits ? "6351" : null,
      })
      expect(preapproval.nextChargeAt).toBeGreaterThan(before)
      expect(await run(h().gateway.getPreapproval(preapproval.id))).toEqual(preapproval)

      const charges = await run(h().gateway.chargesFor(preapproval.id))
      expect(charges).toHaveLength(1)
      expect(charges[0]).toMatchObject({
        preapprovalId: preapproval.id,
        subscriptionId: req.subscriptionId,
        status: "approved",
        statusDetail: "accredited",
        amount: 89990,
        retryAttempt: 0,
      })
      expect(await run(h().gateway.getCharge(charges[0]?.id ?? ""))).toEqual(charges[0])
    })

    it.each([
      ["OTHE", "cc_rejected_other_reason"],
      ["FUND", "cc_rejected_insufficient_amount"],
      ["CALL", "cc_rejected_call_for_authorize"],
    ])("authorises %s but refuses its first charge with %s", async (holder, detail) => {
      const { preapproval } = await subscribe(holder)
      expect(preapproval.status).toBe("authorized")
      const [charge] = await run(h().gateway.chargesFor(preapproval.id))
      expect(charge).toMatchObject({ status: "rejected", statusDetail: detail, retryAttempt: 0 })
    })

    it("makes one preapproval of a subscription asked for twice, whatever the second token", async () => {
      const { req, preapproval } = await subscribe("APRO")
      const again = await run(
        h().gateway.createPreapproval({ ...req, cardToken: await h().cardToken("APRO") }),
      )
      expect(again.id).toBe(preapproval.id)
      expect(await run(h().gateway.chargesFor(preapproval.id))).toHaveLength(1)
    })

    it("makes one preapproval and one first charge out of ten concurrent sign-ups with one subscription", async () => {
      const req = await request("APRO")
      const made = await Promise.all(
        Array.from({ length: 10 }, () => run(h().gateway.createPreapproval(req))),
      )
      expect(new Set(made.map((p) => p.id)).size).toBe(1)
      expect(await run(h().gateway.chargesFor(made[0]?.id ?? ""))).toHaveLength(1)
    })

    it("refuses an unknown or spent card token as a card-data problem", async () => {
      const unknown = await request("APRO", { cardToken: "ffffffffffffffffffffffffffffffff" })
      expect(await failure(h().gateway.createPreapproval(unknown))).toMatchObject({
        _tag: "GatewayRefused",
        cardData: true,
      })
      const { req } = await subscribe("APRO")
      const reused = { ...req, subscriptionId: randomUUID() }
      expect(await failure(h().gateway.createPreapproval(reused))).toMatchObject({
        _tag: "GatewayRefused",
        cardData: true,
      })
    })
  })

  describe("changes", () => {
    it("pauses, re-authorises and cancels; setting a status it has changes nothing; cancelled is final", async () => {
      const { preapproval } = await subscribe("APRO")
      const update = (change: Parameters<SubscriptionGateway["Service"]["updatePreapproval"]>[1]) =>
        h().gateway.updatePreapproval(preapproval.id, change)
      expect(await run(update({ status: "paused" }))).toMatchObject({ status: "paused", nextChargeAt: null })
      expect(await run(update({ status: "paused" }))).toMatchObject({ status: "paused" })
      const resumed = await run(update({ status: "authorized" }))
      expect(resumed.status).toBe("authorized")
      expect(resumed.nextChargeAt).toEqual(expect.any(Number))
      expect(await run(update({ status: "cancelled" }))).toMatchObject({
        status: "cancelled",
        nextChargeAt: null,
      })
      expect(await run(update({ status: "cancelled" }))).toMatchObject({ status: "cancelled" })
      expect(await failure(update({ status: "authorized" }))).toMatchObject({ _tag: "GatewayRefused" })
      expect(await run(h().gateway.getPreapproval(preapproval.id))).toMatchObject({ status: "cancelled" })
    })

    it("swaps the card with a new token, and refuses a spent one", async () => {
      const { preapproval } = await subscribe("FUND")
      const token = await h().cardToken("APRO")
      expect(await run(h().gateway.updatePreapproval(preapproval.id, { cardToken: token }))).toMatchObject({
        id: preapproval.id,
        status: "authorized",
      })
      expect(
        await failure(h().gateway.updatePreapproval(preapproval.id, { cardToken: token })),
      ).toMatchObject({
        _tag: "GatewayRefused",
        cardData: true,
      })
    })

    it("charges renewals with the current card, listed newest first", async () => {
      const { req, preapproval } = await subscribe("APRO")
      await run(h().gateway.updatePreapproval(preapproval.id, { cardToken: await h().cardToken("FUND") }))
      await h().renew(preapproval.id)
      const charges = await run(h().gateway.chargesFor(preapproval.id))
      expect(charges.map((c) => [c.status, c.statusDetail])).toEqual([
        ["rejected", "cc_rejected_insufficient_amount"],
        ["approved", "accredited"],
      ])
      expect(charges.every((c) => c.subscriptionId === req.subscriptionId && c.amount === 49990)).toBe(true)
      expect(charges[0]?.chargedAt).toBeGreaterThanOrEqual(charges[1]?.chargedAt ?? Infinity)
    })

    it("says when a preapproval or a charge does not exist", async () => {
      expect(await failure(h().gateway.getPreapproval("0000000000000000"))).toMatchObject({
        _tag: "GatewayPaymentNotFound",
      })
      expect(
        await failure(h().gateway.updatePreapproval("0000000000000000", { status: "paused" })),
      ).toMatchObject({ _tag: "GatewayPaymentNotFound" })
      expect(await failure(h().gateway.getCharge("1"))).toMatchObject({ _tag: "GatewayPaymentNotFound" })
      expect(await run(h().gateway.chargesFor("0000000000000000"))).toEqual([])
    })
  })

  describe("billing day", () => {
    const dayOf = (ms: number | null | undefined): CivilDate | null =>
      ms == null ? null : toSaoPauloCivil(ms)

    it.each([
      ["monthly", 1, 29990],
      ["bimonthly", 2, 49990],
    ] as const)(
      "renews the %s plan on day 1 in São Paulo, cycle after cycle",
      async (_, frequencyMonths, amount) => {
        const { preapproval } = await subscribe("APRO", { frequencyMonths, amount })
        const [first] = await run(h().gateway.chargesFor(preapproval.id))
        const signUp = dayOf(first?.chargedAt) as CivilDate
        const firstOf = (months: number): CivilDate => ({ ...addMonths(signUp, months), day: 1 })
        expect(dayOf(preapproval.nextChargeAt)).toEqual(firstOf(frequencyMonths))
        for (const cycle of [1, 2]) {
          await h().renew(preapproval.id)
          const [renewal] = await run(h().gateway.chargesFor(preapproval.id))
          expect(renewal).toMatchObject({ status: "approved", amount })
          expect(dayOf(renewal?.chargedAt)).toEqual(firstOf(cycle * frequencyMonths))
          const after = await run(h().gateway.getPreapproval(preapproval.id))
          expect(dayOf(after.nextChargeAt)).toEqual(firstOf((cycle + 1) * frequencyMonths))
        }
      },
    )
  })

  describe("outage", () => {
    it("reports an unreachable gateway as unavailable, and the retried sign-up subscribes once", async ({
      skip,
    }) => {
      const outage = h().outage
      if (!outage) return skip("this gateway has no outage to simulate")
      const req = await request("APRO")
      const restore = outage()
      try {
        expect(await failure(h().gateway.createPreapproval(req))).toMatchObject({
          _tag: "GatewayUnavailable",
        })
        expect(await failure(h().gateway.getPreapproval("x"))).toMatchObject({ _tag: "GatewayUnavailable" })
        expect(await failure(h().gateway.getCharge("1"))).toMatchObject({ _tag: "GatewayUnavailable" })
        expect(await failure(h().gateway.chargesFor("x"))).toMatchObject({ _tag: "GatewayUnavailable" })
      } finally {
        restore()
      }
      const preapproval = await run(h().gateway.createPreapproval(req))
      expect(await run(h().gateway.createPreapproval(req))).toMatchObject({ id: preapproval.id })
    })
  })
}
