import { randomBytes } from "node:crypto"
import { Effect } from "effect"
import { type Kysely, type Selectable, sql } from "kysely"
import { GatewayPaymentNotFound, GatewayRefused } from "../../application/ports/PaymentGateway"
import type {
  GatewayPreapproval,
  GatewayRecurringCharge,
  PreapprovalRequest,
} from "../../application/ports/SubscriptionGateway"
import type { Cents } from "../../domain/money"
import type { Database } from "../db/schema"
import type { SandboxPreapprovalsTable } from "../db/tables/sandbox"
import { inTransaction, withExecutor } from "../db/transaction"
import { addMonthsToKey, dueCycle, monthOf, nextRenewalAt, RETRY_DAYS, retryDue } from "./billingCalendar"
import { DEFAULT_RETRY_DELAYS_MS, webhookNotifier } from "./notifier"
import type { SandboxOptions } from "./SandboxBank"
import { outcomeForHolder } from "./testCards"

export type PreapprovalRow = Selectable<SandboxPreapprovalsTable>
type ChargeRow = Selectable<Database["sandbox_preapproval_charges"]> & { subscription_id: string }

const refused = (reason: string, cardData = false) => new GatewayRefused({ reason, cardData })

/** Why a request cannot become a preapproval (Mercado Pago would answer 400), or null. */
function invalidRequest(request: PreapprovalRequest): string | null {
  if (!Number.isSafeInteger(request.amount) || request.amount <= 0)
    return "auto_recurring.transaction_amount must be positive"
  if (request.frequencyMonths !== 1 && request.frequencyMonths !== 2)
    return "auto_recurring.frequency is invalid"
  if (!request.subscriptionId) return "external_reference is required"
  if (!request.payerEmail.includes("@")) return "payer_email must be a valid email"
  return null
}

export interface BillingRun {
  /** Renewals charged by this run (a cycle another run or instance charged first is not counted). */
  readonly charged: number
  /** Refused renewals tried again. */
  readonly retried: number
}

/**
 * The offline gateway's recurring charges, on the store's database: Mercado Pago's preapprovals and their
 * authorized payments, the cardholder name deciding every charge as at checkout. The sandbox is its own
 * scheduler: `chargeDue` (the store's billing job) renews on day 1 in São Paulo and retries on days 3 and 5.
 * Every change is announced through the signed webhook route, like the real thing.
 */
export function sandboxSubscriptions(db: Kysely<Database>, options: SandboxOptions) {
  const now = options.now ?? (() => Date.now())
  const notifier = webhookNotifier({
    notify: options.notify,
    webhookSecret: options.webhookSecret,
    now,
    retryDelaysMs: options.notifyRetryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS,
    onGiveUp: options.onNotifyGiveUp,
  })
  const announcePreapproval = (row: PreapprovalRow, action: "created" | "updated") =>
    notifier.send(row.id, row.notification_url, action, "subscription_preapproval")
  const announceCharge = (charge: ChargeRow, notificationUrl: string, action: "created" | "updated") =>
    notifier.send(charge.id, notificationUrl, action, "subscription_authorized_payment")

  const viewPreapproval = (row: PreapprovalRow): GatewayPreapproval => ({
    id: row.id,
    subscriptionId: row.subscription_id,
    status: row.status,
    amount: row.amount_cents,
    frequencyMonths: row.frequency_months,
    nextChargeAt:
      row.status === "authorized" ? nextRenewalAt(row.start_month, row.frequency_months, now()) : null,
    cardLastFour: row.card_last_four,
    paymentMethodId: row.payment_method_id,
  })

  const viewCharge = (row: ChargeRow): GatewayRecurringCharge => ({
    id: row.id,
    preapprovalId: row.preapproval_id,
    subscriptionId: row.subscription_id,
    // Written by the sandbox itself from its test outcomes, always one of Mercado Pago's statuses.
    status: row.status as GatewayRecurringCharge["status"],
    statusDetail: row.status_detail,
    amount: row.amount_cents,
    chargedAt: row.charged_at.getTime(),
    retryAttempt: row.retry_attempt,
  })

  const chargesQuery = (executor: Kysely<Database>) =>
    executor
      .selectFrom("sandbox_preapproval_charges as c")
      .innerJoin("sandbox_preapprovals as p", "p.id", "c.preapproval_id")
      .selectAll("c")
      .select("p.subscription_id")

  /** Spends a card token for a preapproval: single-use and short-lived, as at checkout. */
  const spendToken = (executor: Kysely<Database>, token: string, at: Date) =>
    executor
      .updateTable("sandbox_card_tokens")
      .set({ used_at: at })
      .where("id", "=", token)
      .where("used_at", "is", null)
      .where("expires_at", ">", at)
      .returning(["payment_method_id", "last_four", "holder_name"])
      .executeTakeFirst()

  const insertCharge = (
    executor: Kysely<Database>,
    preapproval: PreapprovalRow,
    cycleMonth: string,
    at: Date,
  ) => {
    const outcome = outcomeForHolder(preapproval.holder_name)
    return (
      executor
        .insertInto("sandbox_preapproval_charges")
        .values({
          preapproval_id: preapproval.id,
          cycle_month: cycleMonth,
          status: outcome.status,
          status_detail: outcome.statusDetail,
          amount_cents: preapproval.amount_cents,
          charged_at: at,
          created_at: at,
        })
        // The cycle's unique key: a second run, instance or retried call charges nothing more.
        .onConflict((oc) => oc.columns(["preapproval_id", "cycle_month"]).doNothing())
        .returningAll()
        .executeTakeFirst()
        .then((row) => (row ? { ...row, subscription_id: preapproval.subscription_id } : undefined))
    )
  }

  const bySubscription = (executor: Kysely<Database>, subscriptionId: string) =>
    executor
      .selectFrom("sandbox_preapprovals")
      .selectAll()
      .where("subscription_id", "=", subscriptionId)
      .executeTakeFirst()

  type Created =
    | { ok: true; row: PreapprovalRow; charge: ChargeRow | null }
    | { ok: false; error: GatewayRefused }

  /** One preapproval per subscription: a repeated call answers with the first one, whatever its token. */
  const create = (request: PreapprovalRequest) =>
    inTransaction(db, async (trx): Promise<Created> => {
      const existing = await bySubscription(trx, request.subscriptionId)
      if (existing) return { ok: true, row: existing, charge: null }
      const at = new Date(now())
      const card = await spendToken(trx, request.cardToken, at)
      if (!card) {
        // The token went to a concurrent call with this subscription (its preapproval is the answer), or is bad.
        const raced = await bySubscription(trx, request.subscriptionId)
        if (raced) return { ok: true, row: raced, charge: null }
        return { ok: false, error: refused("Card Token not found: invalid card_token_id", true) }
      }
      const row = await trx
        .insertInto("sandbox_preapprovals")
        .values({
          id: randomBytes(16).toString("hex"),
          subscription_id: request.subscriptionId,
          reason: request.reason,
          amount_cents: request.amount,
          frequency_months: request.frequencyMonths,
          status: "authorized",
          payer_email: request.payerEmail,
          back_url: request.backUrl,
          notification_url: request.notificationUrl,
          payment_method_id: card.payment_method_id,
          card_last_four: card.last_four,
          holder_name: card.holder_name,
          start_month: monthOf(at.getTime()),
          created_at: at,
          updated_at: at,
        })
        .onConflict((oc) => oc.column("subscription_id").doNothing())
        .returningAll()
        .executeTakeFirst()
      if (!row) {
        const raced = await bySubscription(trx, request.subscriptionId)
        if (raced) return { ok: true, row: raced, charge: null }
        return { ok: false, error: refused("the subscription's preapproval vanished") }
      }
      // The first cycle is charged at once, in the month of the sign-up.
      const charge = await insertCharge(trx, row, row.start_month, at)
      return { ok: true, row, charge: charge ?? null }
    })

  const findPreapproval = (id: string) =>
    withExecutor(db, (executor) =>
      executor.selectFrom("sandbox_preapprovals").selectAll().where("id", "=", id).executeTakeFirst(),
    )

  type Updated =
    | { kind: "not_found" }
    | { kind: "refused"; error: GatewayRefused }
    | { kind: "ok"; row: PreapprovalRow; changed: boolean }

  const update = (
    id: string,
    change: { readonly status?: "paused" | "cancelled" | "authorized"; readonly cardToken?: string },
  ) =>
    inTransaction(db, async (trx): Promise<Updated> => {
      const row = await trx
        .selectFrom("sandbox_preapprovals")
        .selectAll()
        .where("id", "=", id)
        .forUpdate()
        .executeTakeFirst()
      if (!row) return { kind: "not_found" }
      const newStatus = change.status && change.status !== row.status ? change.status : null
      if (!newStatus && !change.cardToken) return { kind: "ok", row, changed: false }
      if (row.status === "cancelled")
        return { kind: "refused", error: refused("You can not modify a cancelled preapproval") }
      const at = new Date(now())
      const card = change.cardToken ? await spendToken(trx, change.cardToken, at) : null
      if (change.cardToken && !card)
        return { kind: "refused", error: refused("Card Token not found: invalid card_token_id", true) }
      const updated = await trx
        .updateTable("sandbox_preapprovals")
        .set({
          ...(newStatus ? { status: newStatus } : {}),
          ...(card
            ? {
                payment_method_id: card.payment_method_id,
                card_last_four: card.last_four,
                holder_name: card.holder_name,
              }
            : {}),
          updated_at: at,
        })
        .where("id", "=", id)
        .returningAll()
        .executeTakeFirstOrThrow()
      return { kind: "ok", row: updated, changed: true }
    })

  /**
   * The next cycle's renewal charged at once, for a developer who cannot wait for day 1: that month's own run
   * then finds it charged.
   */
  const renewNow = (id: string, at: Date) =>
    inTransaction(db, async (trx) => {
      const row = await trx
        .selectFrom("sandbox_preapprovals")
        .selectAll()
        .where("id", "=", id)
        .where("status", "=", "authorized")
        .forUpdate()
        .executeTakeFirst()
      if (!row) return null
      const last = await trx
        .selectFrom("sandbox_preapproval_charges")
        .select(({ fn }) => fn.max("cycle_month").as("cycle"))
        .where("preapproval_id", "=", id)
        .executeTakeFirst()
      const cycle = addMonthsToKey(last?.cycle ?? row.start_month, row.frequency_months)
      const charge = await insertCharge(trx, row, cycle, at)
      return charge ? { charge, notificationUrl: row.notification_url } : null
    })

  /** Charges the renewal due now for one preapproval, if it is still authorized and its cycle is not charged. */
  const renew = (id: string, at: Date) =>
    inTransaction(db, async (trx) => {
      const row = await trx
        .selectFrom("sandbox_preapprovals")
        .selectAll()
        .where("id", "=", id)
        .where("status", "=", "authorized")
        .forUpdate()
        .executeTakeFirst()
      const cycle = row ? dueCycle(row.start_month, row.frequency_months, at.getTime()) : null
      if (!row || !cycle) return null
      const charge = await insertCharge(trx, row, cycle, at)
      return charge ? { charge, notificationUrl: row.notification_url } : null
    })

  /**
   * Tries a refused renewal again with the preapproval's current card: on its retry day, or at once when a
   * developer asks (`now`), as long as tries are left.
   */
  const retry = (chargeId: string, at: Date, when: "on_its_day" | "now" = "on_its_day") =>
    inTransaction(db, async (trx) => {
      const charge = await trx
        .selectFrom("sandbox_preapproval_charges")
        .selectAll()
        .where("id", "=", chargeId)
        .where("status", "=", "rejected")
        .forUpdate()
        .executeTakeFirst()
      if (!charge) return null
      const row = await trx
        .selectFrom("sandbox_preapprovals")
        .selectAll()
        .where("id", "=", charge.preapproval_id)
        .where("status", "=", "authorized")
        .executeTakeFirst()
      const due =
        when === "now"
          ? charge.retry_attempt < RETRY_DAYS.length
          : retryDue(
              {
                cycleMonth: charge.cycle_month,
                retryAttempt: charge.retry_attempt,
                chargedAt: charge.charged_at.getTime(),
              },
              at.getTime(),
            )
      // The first charge of a sign-up is not retried: the collector is there to try another card.
      if (!row || !due || charge.cycle_month === row.start_month) return null
      const outcome = outcomeForHolder(row.holder_name)
      const updated = await trx
        .updateTable("sandbox_preapproval_charges")
        .set({
          status: outcome.status,
          status_detail: outcome.statusDetail,
          retry_attempt: charge.retry_attempt + 1,
          charged_at: at,
        })
        .where("id", "=", chargeId)
        .returningAll()
        .executeTakeFirstOrThrow()
      return {
        charge: { ...updated, subscription_id: row.subscription_id },
        notificationUrl: row.notification_url,
      }
    })

  return {
    createPreapproval: (request: PreapprovalRequest): Effect.Effect<GatewayPreapproval, GatewayRefused> => {
      const invalid = invalidRequest(request)
      if (invalid) return Effect.fail(refused(invalid))
      return create(request).pipe(
        Effect.flatMap((result) => {
          if (!result.ok) return Effect.fail(result.error)
          if (result.charge) {
            announcePreapproval(result.row, "created")
            announceCharge(result.charge, result.row.notification_url, "created")
          }
          return Effect.succeed(viewPreapproval(result.row))
        }),
      )
    },

    getPreapproval: (id: string): Effect.Effect<GatewayPreapproval, GatewayPaymentNotFound> =>
      findPreapproval(id).pipe(
        Effect.flatMap((row) =>
          row ? Effect.succeed(viewPreapproval(row)) : Effect.fail(new GatewayPaymentNotFound({ id })),
        ),
      ),

    updatePreapproval: (
      id: string,
      change: { readonly status?: "paused" | "cancelled" | "authorized"; readonly cardToken?: string },
    ): Effect.Effect<GatewayPreapproval, GatewayRefused | GatewayPaymentNotFound> =>
      update(id, change).pipe(
        Effect.flatMap(
          (result): Effect.Effect<GatewayPreapproval, GatewayRefused | GatewayPaymentNotFound> => {
            if (result.kind === "not_found") return Effect.fail(new GatewayPaymentNotFound({ id }))
            if (result.kind === "refused") return Effect.fail(result.error)
            if (result.changed) announcePreapproval(result.row, "updated")
            return Effect.succeed(viewPreapproval(result.row))
          },
        ),
      ),

    getCharge: (id: string): Effect.Effect<GatewayRecurringCharge, GatewayPaymentNotFound> =>
      withExecutor(db, (executor) => chargesQuery(executor).where("c.id", "=", id).executeTakeFirst()).pipe(
        Effect.flatMap((row) =>
          row ? Effect.succeed(viewCharge(row)) : Effect.fail(new GatewayPaymentNotFound({ id })),
        ),
      ),

    refundCharge: (chargeId: string, amount: Cents | null, _idempotencyKey: string) =>
      // Refunding twice leaves the charge as the first refund left it: the key needs no keeping here. The
      // sandbox keeps no refunded sum, only that part of the charge went back (Mercado Pago's status detail).
      withExecutor(db, (executor) =>
        amount === null
          ? executor
              .updateTable("sandbox_preapproval_charges")
              .set({ status: "refunded", status_detail: "refunded" })
              .where("id", "=", chargeId)
              .where("status", "in", ["approved", "refunded"])
              .executeTakeFirst()
          : executor
              .updateTable("sandbox_preapproval_charges")
              .set({ status_detail: "partially_refunded" })
              .where("id", "=", chargeId)
              .where("status", "=", "approved")
              .where("amount_cents", ">", amount)
              .where(sql<boolean>`${amount} > 0`)
              .executeTakeFirst(),
      ).pipe(
        Effect.flatMap((r) =>
          r.numUpdatedRows > 0n ? Effect.void : Effect.fail(new GatewayPaymentNotFound({ id: chargeId })),
        ),
      ),

    chargesFor: (preapprovalId: string) =>
      withExecutor(db, (executor) =>
        chargesQuery(executor)
          .where("c.preapproval_id", "=", preapprovalId)
          .orderBy("c.charged_at", "desc")
          .orderBy("c.id", "desc")
          .execute(),
      ).pipe(Effect.map((rows) => rows.map(viewCharge))),

    /**
     * The sandbox's billing run at `at` (the store's clock): renews every authorized preapproval whose billing
     * month has come, and retries refused renewals on their days. Safe to run often and on every instance:
     * each cycle's charge and each retry is claimed under a row lock and a unique key.
     */
    chargeDue: (at: number): Effect.Effect<BillingRun> =>
      Effect.gen(function* () {
        const when = new Date(at)
        const month = monthOf(at)
        const candidates = yield* withExecutor(db, (executor) =>
          executor
            .selectFrom("sandbox_preapprovals as p")
            .select(["p.id", "p.start_month", "p.frequency_months"])
            .where("p.status", "=", "authorized")
            .where("p.start_month", "<", month)
            .where(({ not, exists, selectFrom }) =>
              not(
                exists(
                  selectFrom("sandbox_preapproval_charges as c")
                    .select("c.id")
                    .whereRef("c.preapproval_id", "=", "p.id")
                    .where("c.cycle_month", "=", month),
                ),
              ),
            )
            .execute(),
        )
        let charged = 0
        for (const candidate of candidates) {
          if (!dueCycle(candidate.start_month, candidate.frequency_months, at)) continue
          const made = yield* renew(candidate.id, when)
          if (!made) continue
          charged++
          announceCharge(made.charge, made.notificationUrl, "created")
        }
        // Renewals only: a refused sign-up charge is not retried (the collector is there to try another card).
        const refusedRenewals = yield* withExecutor(db, (executor) =>
          executor
            .selectFrom("sandbox_preapproval_charges as c")
            .innerJoin("sandbox_preapprovals as p", "p.id", "c.preapproval_id")
            .select(["c.id", "c.cycle_month", "c.retry_attempt", "c.charged_at"])
            .where("c.cycle_month", "=", month)
            .where("c.status", "=", "rejected")
            .where("p.status", "=", "authorized")
            .whereRef("c.cycle_month", "<>", "p.start_month")
            .execute(),
        )
        let retried = 0
        for (const charge of refusedRenewals) {
          const due = retryDue(
            {
              cycleMonth: charge.cycle_month,
              retryAttempt: charge.retry_attempt,
              chargedAt: charge.charged_at.getTime(),
            },
            at,
          )
          if (!due) continue
          const tried = yield* retry(charge.id, when)
          if (!tried) continue
          retried++
          announceCharge(tried.charge, tried.notificationUrl, "updated")
        }
        return { charged, retried }
      }),

    /** A preapproval and its charges (newest first) as stored, for the sandbox's page. */
    preapprovalPage: (id: string) =>
      withExecutor(db, async (executor) => {
        const row = await executor
          .selectFrom("sandbox_preapprovals")
          .selectAll()
          .where("id", "=", id)
          .executeTakeFirst()
        if (!row) return null
        const charges = await chargesQuery(executor)
          .where("c.preapproval_id", "=", id)
          .orderBy("c.cycle_month", "desc")
          .execute()
        return { preapproval: row, charges }
      }),

    /** 'Simular renovação': the next cycle is charged now with the current card; false when not authorized. */
    simulateRenewal: (id: string) =>
      renewNow(id, new Date(now())).pipe(
        Effect.map((made) => {
          if (made) announceCharge(made.charge, made.notificationUrl, "created")
          return made !== null
        }),
      ),

    /** 'Simular nova tentativa': the newest refused charge is tried again now; false when there is none to try. */
    simulateRetry: (id: string) =>
      withExecutor(db, (executor) =>
        executor
          .selectFrom("sandbox_preapproval_charges")
          .select("id")
          .where("preapproval_id", "=", id)
          .orderBy("cycle_month", "desc")
          .executeTakeFirst(),
      ).pipe(
        Effect.flatMap((latest) =>
          latest ? retry(latest.id, new Date(now()), "now") : Effect.succeed(null),
        ),
        Effect.map((tried) => {
          if (tried) announceCharge(tried.charge, tried.notificationUrl, "updated")
          return tried !== null
        }),
      ),

    /** Resolves when every notification started so far was delivered or given up. */
    notificationsIdle: () => notifier.idle(),
  }
}

export type SandboxSubscriptions = ReturnType<typeof sandboxSubscriptions>
