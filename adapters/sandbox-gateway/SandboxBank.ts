import { randomBytes, randomUUID } from "node:crypto"
import { Effect } from "effect"
import { type Kysely, type Selectable, sql } from "kysely"
import {
  type GatewayPayment,
  GatewayPaymentNotFound,
  GatewayRefused,
  type PaymentRequest,
  type PreferenceRequest,
} from "../../application/ports/PaymentGateway"
import { toSaoPauloCivil } from "../../domain/calendar"
import type { Cents } from "../../domain/money"
import { isValidCpf } from "../../domain/orders/cpf"
import { boletoDueAt, pixExpiryAccepted } from "../../domain/orders/deadlines"
import { type PaymentItem, STATEMENT_DESCRIPTOR_MAX } from "../../domain/orders/paymentItems"
import { isOfferedInstallment, sandboxInstallments } from "../../domain/pricing/installments"
import { encodeQr } from "../../domain/qrCode"
import { insertFrom } from "../db/insertFrom"
import type { Database } from "../db/schema"
import type { SandboxPreferencesTable } from "../db/tables/sandbox"
import { inTransaction, withExecutor } from "../db/transaction"
import { makeBoleto } from "./boleto"
import { DEFAULT_RETRY_DELAYS_MS, type Notify, webhookNotifier } from "./notifier"
import { newSandboxPaymentId } from "./paymentIds"
import { pixCopiaECola } from "./pixCode"
import { qrPng } from "./png"
import { type SandboxPaymentRow, toGatewayPayment } from "./rows"
import { type CardInput, checkTestCard, outcomeForHolder } from "./testCards"

export interface SandboxOptions {
  /** Where the store is reached from a browser, for the sandbox's own pages (no trailing slash). */
  readonly publicUrl: string
  /** Signs notifications exactly as Mercado Pago does, so they pass the real webhook route's check. */
  readonly webhookSecret: string
  readonly notify: Notify
  readonly now?: () => number
  readonly merchant?: { readonly name: string; readonly city: string }
  readonly notifyRetryDelaysMs?: readonly number[]
  readonly onNotifyGiveUp?: (paymentId: string, error: unknown) => void
  /** How long a card token may wait for its payment (MercadoPago.js tokens are also short-lived). */
  readonly cardTokenTtlMs?: number
}

const MINUTE = 60_000
/** Mercado Pago's PIX default when no expiry is given. */
const PIX_DEFAULT_MS = 24 * 60 * MINUTE
/** The receiver's PIX key in the sandbox's codes: a random-key ("EVP") shape, not a real key. */
const SANDBOX_PIX_KEY = "7d9f0335-8dcc-4054-9bf9-0d2e0ab2b3a1"

export type TokenResult =
  | {
      readonly ok: true
      readonly token: {
        readonly id: string
        readonly payment_method_id: string
        readonly first_six_digits: string
        readonly last_four_digits: string
        readonly expiration_month: number
        readonly expiration_year: number
      }
    }
  | { readonly ok: false; readonly field: keyof CardInput; readonly message: string }

/** The buyer's payment on a Checkout Pro page: made, or refused because the page had closed. */
export type PreferencePayment =
  | { readonly expired: true; readonly preference: Selectable<SandboxPreferencesTable> }
  | {
      readonly expired: false
      readonly preference: Selectable<SandboxPreferencesTable>
      readonly payment: GatewayPayment
    }

export type SimulationResult =
  | { readonly ok: true; readonly payment: GatewayPayment }
  | { readonly ok: false; readonly reason: "not_found" | "not_pending" | "expired" }

const refused = (reason: string, cardData = false) => new GatewayRefused({ reason, cardData })

/**
 * Why items or a statement text would be refused by Mercado Pago (400), or null: each item needs a title, a whole
 * positive quantity and a price; the statement text at most 13 unaccented letters, digits and spaces.
 */
function invalidDescription(items: readonly PaymentItem[], statementDescriptor: string): string | null {
  for (const item of items) {
    if (!item.title.trim()) return "items.title is required"
    if (!Number.isInteger(item.quantity) || item.quantity < 1)
      return "items.quantity must be a positive integer"
    if (!Number.isSafeInteger(item.unitPrice) || item.unitPrice < 0) return "items.unit_price is invalid"
  }
  if (statementDescriptor.length > STATEMENT_DESCRIPTOR_MAX || !/^[A-Za-z0-9 ]+$/.test(statementDescriptor))
    return "statement_descriptor is invalid"
  return null
}

/** Why a request cannot become a payment (Mercado Pago would answer 400), or null. */
function invalidRequest(request: PaymentRequest): string | null {
  if (!Number.isSafeInteger(request.amount) || request.amount <= 0)
    return "transaction_amount must be positive"
  const described = invalidDescription(request.items, request.statementDescriptor)
  if (described) return described
  if (!request.attemptId || !request.orderId) return "attempt and order ids are required"
  if (!request.payer.email.includes("@")) return "payer.email is invalid"
  if (request.method === "card" && !request.card) return "card data are required for a card payment"
  if (request.method === "boleto") {
    const { payer } = request
    const a = payer.address
    if (!payer.firstName.trim() || !payer.lastName.trim()) return "payer first and last names are required"
    if (!isValidCpf(payer.cpf)) return "payer.identification.number is invalid"
    if (!/^\d{8}$/.test(a.zipCode) || !a.street || !a.number || !a.neighborhood || !a.city)
      return "payer.address is incomplete"
  }
  return null
}

/**
 * The offline payment provider: Mercado Pago's state machine, statuses and status details, kept in the
 * store's database. Every status change is announced through a signed webhook, like the real thing.
 */
export function sandboxBank(db: Kysely<Database>, options: SandboxOptions) {
  const now = options.now ?? (() => Date.now())
  const merchant = options.merchant ?? { name: "Legendarium", city: "Sao Paulo" }
  const publicUrl = options.publicUrl.replace(/\/+$/, "")
  const tokenTtlMs = options.cardTokenTtlMs ?? 15 * MINUTE
  const notifier = webhookNotifier({
    notify: options.notify,
    webhookSecret: options.webhookSecret,
    now,
    retryDelaysMs: options.notifyRetryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS,
    onGiveUp: options.onNotifyGiveUp,
  })
  const view = (row: SandboxPaymentRow) => toGatewayPayment(row, publicUrl)
  const announce = (row: SandboxPaymentRow, action: "payment.created" | "payment.updated") =>
    notifier.send(row.id, row.notification_url, action)

  /** Moves a payment on only from the statuses given (so two instances never both apply a change). */
  const transition = (
    id: string,
    from: readonly string[],
    to: { status: string; statusDetail: string; approved?: boolean },
  ) =>
    withExecutor(db, async (executor) => {
      const at = new Date(now())
      return executor
        .updateTable("sandbox_payments")
        .set({
          status: to.status,
          status_detail: to.statusDetail,
          updated_at: at,
          ...(to.approved ? { approved_at: at } : {}),
        })
        .where("id", "=", id)
        .where("status", "in", [...from])
        .returningAll()
        .executeTakeFirst()
    }).pipe(Effect.tap((row) => (row ? Effect.sync(() => announce(row, "payment.updated")) : Effect.void)))

  /** A PIX code past its expiry is cancelled/expired, as Mercado Pago reports it, whoever looks first. */
  const settleExpiry = (row: SandboxPaymentRow) =>
    row.method === "pix" && row.status === "pending" && row.expires_at && row.expires_at.getTime() <= now()
      ? transition(row.id, ["pending"], { status: "cancelled", statusDetail: "expired" }).pipe(
          Effect.map((updated) => updated ?? row),
        )
      : Effect.succeed(row)

  const findRow = (id: string) =>
    withExecutor(db, (executor) =>
      executor.selectFrom("sandbox_payments").selectAll().where("id", "=", id).executeTakeFirst(),
    ).pipe(Effect.flatMap((row) => (row ? settleExpiry(row) : Effect.succeed(null))))

  const instructions = (id: string, request: PaymentRequest, createdAt: number) => {
    if (request.method === "pix") {
      const qrCode = pixCopiaECola({
        key: SANDBOX_PIX_KEY,
        amount: request.amount,
        merchantName: merchant.name,
        merchantCity: merchant.city,
        txid: `SBX${id}`,
      })
      return {
        pix_qr_code: qrCode,
        pix_qr_base64: qrPng(encodeQr(qrCode)).toString("base64"),
        expires_at: new Date(request.expiresAt ?? createdAt + PIX_DEFAULT_MS),
      }
    }
    if (request.method === "boleto") {
      const dueAt = request.expiresAt ?? boletoDueAt(createdAt)
      // Agency, wallet 09, "nosso número" from the payment id, account: Bradesco's free-field layout.
      const freeField = `3381${"09"}${id.slice(-11).padStart(11, "0")}${"0012345"}0`
      const boleto = makeBoleto(request.amount, dueAt, freeField)
      return {
        boleto_digitable_line: boleto.digitableLine,
        boleto_barcode: boleto.barcode,
        expires_at: new Date(dueAt),
      }
    }
    return {}
  }

  type Created = { ok: true; row: SandboxPaymentRow; fresh: boolean } | { ok: false; error: GatewayRefused }

  const byAttempt = (executor: Kysely<Database>, attemptId: string) =>
    executor.selectFrom("sandbox_payments").selectAll().where("attempt_id", "=", attemptId).executeTakeFirst()

  /**
   * The payment of an attempt already made (Mercado Pago answers a repeated idempotency key with it), else the
   * refusal; a refused card token is spent all the same.
   */
  const existingOr = async (
    executor: Kysely<Database>,
    request: PaymentRequest,
    error: GatewayRefused,
    spend = false,
  ) => {
    const existing = await byAttempt(executor, request.attemptId)
    if (existing) return { ok: true, row: existing, fresh: false } as const
    if (spend && request.card)
      await executor
        .updateTable("sandbox_card_tokens")
        .set({ used_at: new Date(now()) })
        .where("id", "=", request.card.token)
        .where("used_at", "is", null)
        .execute()
    return { ok: false, error } as const
  }

  /**
   * One payment per attempt id, in as few statements as the method allows: the attempt id's unique key makes
   * concurrent calls with one id write one row (the others then read it), and a card token is spent by the
   * statement that writes the payment, so it pays once.
   */
  const create = (request: PaymentRequest) =>
    withExecutor(db, async (executor): Promise<Created> => {
      const createdAt = now()
      const at = new Date(createdAt)
      const payment = {
        id: newSandboxPaymentId(),
        attempt_id: request.attemptId,
        order_id: request.orderId,
        method: request.method,
        amount_cents: request.amount,
        installments: request.card?.installments ?? 1,
        description: request.description,
        payer_email: request.payer.email,
        notification_url: request.notificationUrl,
        created_at: at,
        updated_at: at,
      }
      if (request.method === "card" && request.card) {
        const { card } = request
        const token = await executor
          .selectFrom("sandbox_card_tokens")
          .selectAll()
          .where("id", "=", card.token)
          .executeTakeFirst()
        if (!token || token.used_at !== null || token.expires_at.getTime() <= createdAt)
          return existingOr(executor, request, refused("Card Token not found", true))
        if (token.payment_method_id !== card.paymentMethodId)
          return existingOr(
            executor,
            request,
            refused("payment_method_id does not match the card", true),
            true,
          )
        if (!isOfferedInstallment(sandboxInstallments(request.amount), card.installments))
          return existingOr(executor, request, refused("Invalid installments"), true)
        const outcome = outcomeForHolder(token.holder_name)
        const spend = executor
          .updateTable("sandbox_card_tokens")
          .set({ used_at: at })
          .where("id", "=", card.token)
          .where("used_at", "is", null)
          .where("expires_at", ">", at)
          .returning("id")
        const made = {
          ...payment,
          payment_method_id: token.payment_method_id,
          status: outcome.status,
          status_detail: outcome.statusDetail,
          card_last_four: token.last_four,
          approved_at: outcome.status === "approved" ? at : null,
        }
        const { rows } = await sql<SandboxPaymentRow>`with spent as (${spend}) ${insertFrom(
          "sandbox_payments",
          made,
          "spent",
        )} on conflict (attempt_id) do nothing returning *`.execute(executor)
        const row = rows[0]
        if (row) return { ok: true, row, fresh: true }
        // The token went to a concurrent call: with this attempt's id (its payment is the answer), or another.
        return existingOr(executor, request, refused("Card Token not found", true))
      }
      // Mercado Pago's documented window for a PIX code (the boleto's due date has its own rules there).
      if (
        request.method === "pix" &&
        request.expiresAt !== null &&
        !pixExpiryAccepted(request.expiresAt, createdAt)
      )
        return existingOr(executor, request, refused("Invalid date_of_expiration"))
      const outcome =
        request.method === "boleto"
          ? { status: "pending", statusDetail: "pending_waiting_payment" }
          : { status: "pending", statusDetail: "pending_waiting_transfer" }
      const row = await executor
        .insertInto("sandbox_payments")
        .values({
          ...payment,
          payment_method_id: request.method === "pix" ? "pix" : "bolbradesco",
          status: outcome.status,
          status_detail: outcome.statusDetail,
          ...instructions(payment.id, request, createdAt),
        })
        .onConflict((oc) => oc.column("attempt_id").doNothing())
        .returningAll()
        .executeTakeFirst()
      if (row) return { ok: true, row, fresh: true }
      return existingOr(executor, request, refused("the attempt's payment vanished"))
    })

  return {
    publicUrl,
    now,

    /** The sandbox's `createCardToken`: only Mercado Pago's test cards, a token good for one payment. */
    tokenize: (input: CardInput) =>
      Effect.gen(function* () {
        const at = now()
        const civil = toSaoPauloCivil(at)
        const check = checkTestCard(input, { year: civil.year, month: civil.month })
        if (!check.ok) return check satisfies TokenResult
        const id = randomBytes(16).toString("hex")
        yield* withExecutor(db, (executor) =>
          executor
            .insertInto("sandbox_card_tokens")
            .values({
              id,
              payment_method_id: check.paymentMethodId,
              first_six: check.firstSix,
              last_four: check.lastFour,
              holder_name: input.cardholderName.trim(),
              expires_at: new Date(at + tokenTtlMs),
            })
            .execute(),
        )
        return {
          ok: true,
          token: {
            id,
            payment_method_id: check.paymentMethodId,
            first_six_digits: check.firstSix,
            last_four_digits: check.lastFour,
            expiration_month: input.expirationMonth,
            expiration_year: input.expirationYear < 100 ? 2000 + input.expirationYear : input.expirationYear,
          },
        } satisfies TokenResult
      }),

    createPayment: (request: PaymentRequest): Effect.Effect<GatewayPayment, GatewayRefused> => {
      const invalid = invalidRequest(request)
      if (invalid) return Effect.fail(refused(invalid))
      return create(request).pipe(
        Effect.flatMap((result) => {
          if (!result.ok) return Effect.fail(result.error)
          if (result.fresh) announce(result.row, "payment.created")
          return Effect.succeed(view(result.row))
        }),
      )
    },

    getPayment: (id: string): Effect.Effect<GatewayPayment, GatewayPaymentNotFound> =>
      findRow(id).pipe(
        Effect.flatMap((row) =>
          row ? Effect.succeed(view(row)) : Effect.fail(new GatewayPaymentNotFound({ id })),
        ),
      ),

    paymentsForOrder: (orderId: string) =>
      withExecutor(db, (executor) =>
        executor
          .selectFrom("sandbox_payments")
          .selectAll()
          .where("order_id", "=", orderId)
          .orderBy("created_at", "desc")
          .orderBy("id", "desc")
          .execute(),
      ).pipe(
        Effect.flatMap((rows) => Effect.forEach(rows, settleExpiry)),
        Effect.map((rows) => rows.map(view)),
      ),

    cancel: (id: string): Effect.Effect<void, GatewayPaymentNotFound> =>
      findRow(id).pipe(
        Effect.flatMap((row) => {
          if (!row) return Effect.fail(new GatewayPaymentNotFound({ id }))
          return transition(id, ["pending", "in_process"], {
            status: "cancelled",
            statusDetail: "by_collector",
          })
        }),
        Effect.asVoid,
      ),

    refund: (
      id: string,
      amount: Cents | null,
      idempotencyKey: string,
    ): Effect.Effect<void, GatewayRefused | GatewayPaymentNotFound> =>
      inTransaction(db, async (trx) => {
        const row = await trx
          .selectFrom("sandbox_payments")
          .selectAll()
          .where("id", "=", id)
          .forUpdate()
          .executeTakeFirst()
        if (!row) return { kind: "not_found" } as const
        const done = await trx
          .selectFrom("sandbox_refunds")
          .select("id")
          .where("payment_id", "=", id)
          .where("idempotency_key", "=", idempotencyKey)
          .executeTakeFirst()
        if (done) return { kind: "ok", row: null } as const
        if (row.status !== "approved")
          return { kind: "refused", reason: `cannot refund a ${row.status} payment` } as const
        const left = row.amount_cents - row.refunded_cents
        const value = amount ?? left
        if (!Number.isSafeInteger(value) || value <= 0 || value > left)
          return { kind: "refused", reason: "refund amount exceeds what is left" } as const
        const at = new Date(now())
        await trx
          .insertInto("sandbox_refunds")
          .values({ payment_id: id, idempotency_key: idempotencyKey, amount_cents: value, created_at: at })
          .execute()
        const full = value === left
        const updated = await trx
          .updateTable("sandbox_payments")
          .set({
            refunded_cents: row.refunded_cents + value,
            status: full ? "refunded" : "approved",
            status_detail: full ? "refunded" : "partially_refunded",
            updated_at: at,
          })
          .where("id", "=", id)
          .returningAll()
          .executeTakeFirstOrThrow()
        return { kind: "ok", row: updated } as const
      }).pipe(
        Effect.flatMap((result): Effect.Effect<void, GatewayRefused | GatewayPaymentNotFound> => {
          if (result.kind === "not_found") return Effect.fail(new GatewayPaymentNotFound({ id }))
          if (result.kind === "refused") return Effect.fail(refused(result.reason))
          if (result.row) announce(result.row, "payment.updated")
          return Effect.void
        }),
      ),

    /** 'Simular pagamento': the buyer paid the PIX or boleto (or the review approved the card). */
    simulatePayment: (id: string): Effect.Effect<SimulationResult> =>
      findRow(id).pipe(
        Effect.flatMap((row) => {
          if (!row) return Effect.succeed({ ok: false, reason: "not_found" } as const)
          if (row.status_detail === "expired")
            return Effect.succeed({ ok: false, reason: "expired" } as const)
          return transition(id, ["pending", "in_process"], {
            status: "approved",
            statusDetail: "accredited",
            approved: true,
          }).pipe(
            Effect.map(
              (updated): SimulationResult =>
                updated ? { ok: true, payment: view(updated) } : { ok: false, reason: "not_pending" },
            ),
          )
        }),
      ),

    /** 'Simular expiração': the PIX code or boleto ran out unpaid. */
    simulateExpiry: (id: string): Effect.Effect<SimulationResult> =>
      findRow(id).pipe(
        Effect.flatMap((row) => {
          if (!row) return Effect.succeed({ ok: false, reason: "not_found" } as const)
          if (row.method === "card") return Effect.succeed({ ok: false, reason: "not_pending" } as const)
          return transition(id, ["pending"], { status: "cancelled", statusDetail: "expired" }).pipe(
            Effect.map(
              (updated): SimulationResult =>
                updated ? { ok: true, payment: view(updated) } : { ok: false, reason: "not_pending" },
            ),
          )
        }),
      ),

    /** The raw row, for the sandbox's pages. */
    paymentRow: (id: string) => findRow(id),

    createPreference: (request: PreferenceRequest) =>
      withExecutor(db, async (executor) => {
        const amount =
          request.items.reduce((total, item) => total + item.unitPrice * item.quantity, 0) +
          request.extraCharge
        if (request.items.length === 0) return "items are required"
        const described = invalidDescription(request.items, request.statementDescriptor)
        if (described) return described
        if (!Number.isSafeInteger(amount) || amount <= 0) return "the preference totals nothing"
        await executor
          .insertInto("sandbox_preferences")
          .values({
            id: `sandbox-${randomUUID()}`,
            attempt_id: request.attemptId,
            order_id: request.orderId,
            title:
              request.items.length === 1
                ? (request.items[0]?.title ?? "Pedido")
                : `Pedido ${request.orderId}`,
            amount_cents: amount,
            payer_email: request.payerEmail,
            back_url: request.backUrl,
            notification_url: request.notificationUrl,
            expires_at: new Date(request.expiresAt),
            created_at: new Date(now()),
          })
          .onConflict((oc) => oc.column("attempt_id").doNothing())
          .execute()
        return executor
          .selectFrom("sandbox_preferences")
          .selectAll()
          .where("attempt_id", "=", request.attemptId)
          .executeTakeFirstOrThrow()
      }).pipe(
        Effect.flatMap((row) =>
          typeof row === "string"
            ? Effect.fail(refused(row))
            : Effect.succeed({ id: row.id, redirectUrl: `${publicUrl}/sandbox/checkout/${row.id}` }),
        ),
      ),

    preference: (id: string) =>
      withExecutor(db, (executor) =>
        executor.selectFrom("sandbox_preferences").selectAll().where("id", "=", id).executeTakeFirst(),
      ),

    /**
     * The buyer approved the payment on the sandbox's Checkout Pro page: one approved payment per preference, and
     * none once the page closed at its expiry (Mercado Pago's `expiration_date_to`).
     */
    payPreference: (id: string) =>
      withExecutor(db, (executor) =>
        executor.selectFrom("sandbox_preferences").selectAll().where("id", "=", id).executeTakeFirst(),
      ).pipe(
        Effect.flatMap((pref): Effect.Effect<PreferencePayment | null> => {
          if (!pref) return Effect.succeed(null)
          if (pref.expires_at.getTime() <= now())
            return Effect.succeed({ expired: true, preference: pref } as const)
          return inTransaction(db, async (trx) => {
            const at = new Date(now())
            const inserted = await trx
              .insertInto("sandbox_payments")
              .values({
                id: newSandboxPaymentId(),
                attempt_id: pref.attempt_id,
                order_id: pref.order_id,
                method: "card",
                payment_method_id: "account_money",
                status: "approved",
                status_detail: "accredited",
                amount_cents: pref.amount_cents,
                description: pref.title,
                payer_email: pref.payer_email,
                notification_url: pref.notification_url,
                approved_at: at,
                created_at: at,
                updated_at: at,
              })
              .onConflict((oc) => oc.column("attempt_id").doNothing())
              .returningAll()
              .executeTakeFirst()
            const row =
              inserted ??
              (await trx
                .selectFrom("sandbox_payments")
                .selectAll()
                .where("attempt_id", "=", pref.attempt_id)
                .executeTakeFirstOrThrow())
            return { pref, row, fresh: inserted !== undefined }
          }).pipe(
            Effect.map(({ pref, row, fresh }) => {
              if (fresh) announce(row, "payment.created")
              return { expired: false, preference: pref, payment: view(row) } as const
            }),
          )
        }),
      ),

    /** Resolves when every notification started so far was delivered or given up. */
    notificationsIdle: () => notifier.idle(),
  }
}

export type SandboxBank = ReturnType<typeof sandboxBank>
