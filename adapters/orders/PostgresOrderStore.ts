import { Effect, Layer } from "effect"
import { type ExpressionBuilder, type Kysely, type Selectable, sql } from "kysely"
import { jsonArrayFrom, jsonObjectFrom } from "kysely/helpers/postgres"
import { OrderStore, type StoredAttempt } from "../../application/ports/OrderStore"
import { firstFulfilmentStatus } from "../../domain/fulfilment/fulfilment"
import type { Order, OrderLine } from "../../domain/orders/order"
import type { AttemptStatus } from "../../domain/orders/payment"
import { orderPlanLabel } from "../../domain/subscriptions/prepaidPlans"
import { revealFactsFromRow, withRevealOf } from "../catalog/rows"
import { allColumns } from "../db/columns"
import { Db } from "../db/DatabaseService"
import { insertFrom } from "../db/insertFrom"
import type { Database } from "../db/schema"
import type { PaymentAttemptsTable } from "../db/tables/orders"
import { withExecutor } from "../db/transaction"
import { isUuid } from "../db/uuid"
import { civilText, LINE_COLUMNS, ms, ORDER_COLUMNS, toOrder } from "./orderRows"

const ATTEMPT_COLUMNS = allColumns<PaymentAttemptsTable>()(
  "id",
  "order_id",
  "idempotency_key",
  "method",
  "amount_cents",
  "installments",
  "status",
  "status_detail",
  "gateway_payment_id",
  "payment_method_id",
  "card_last_four",
  "pix",
  "boleto",
  "redirect_url",
  "submitted_at",
  "created_at",
  "updated_at",
)

/** A stored attempt, as a row or as JSON (whose timestamps are text). */
type AttemptRow = Omit<Selectable<PaymentAttemptsTable>, "created_at" | "updated_at" | "submitted_at"> & {
  readonly created_at: Date | string
  readonly updated_at: Date | string
  readonly submitted_at: Date | string | null
}

/**
 * An attempt taken (or written) before `claimedBefore` that the gateway never answered: still new, with no
 * gateway payment and no Checkout Pro page a buyer may be on. Within the partial index of open attempts.
 */
const unanswered = (eb: ExpressionBuilder<Database, "payment_attempts">, claimedBefore: number) =>
  eb.and([
    eb("status", "=", "new"),
    eb("gateway_payment_id", "is", null),
    eb("redirect_url", "is", null),
    eb(eb.fn.coalesce("submitted_at", "created_at"), "<", new Date(claimedBefore)),
  ])

export function toAttempt(row: AttemptRow): StoredAttempt {
  return {
    id: row.id,
    orderId: row.order_id,
    idempotencyKey: row.idempotency_key,
    method: row.method,
    amount: row.amount_cents,
    installments: row.installments,
    status: row.status as AttemptStatus,
    statusDetail: row.status_detail,
    gatewayPaymentId: row.gateway_payment_id,
    paymentMethodId: row.payment_method_id,
    cardLastFour: row.card_last_four,
    pix: row.pix,
    boleto: row.boleto,
    redirectUrl: row.redirect_url,
    submittedAt: row.submitted_at ? ms(row.submitted_at) : null,
    createdAt: ms(row.created_at),
    updatedAt: ms(row.updated_at),
  }
}

const attemptColumns = (a: StoredAttempt) => ({
  status: a.status,
  status_detail: a.statusDetail,
  gateway_payment_id: a.gatewayPaymentId,
  installments: a.installments,
  payment_method_id: a.paymentMethodId,
  card_last_four: a.cardLastFour,
  pix: a.pix ? JSON.stringify(a.pix) : null,
  boleto: a.boleto ? JSON.stringify(a.boleto) : null,
  redirect_url: a.redirectUrl,
  updated_at: new Date(a.updatedAt),
})

const orderRow = (order: Order, key: string) => ({
  id: order.id,
  number: order.number,
  tracking_code: order.trackingCode,
  user_id: order.userId,
  idempotency_key: key,
  kind: order.kind,
  plan: order.plan ? JSON.stringify(order.plan) : null,
  status: order.status,
  fulfilment_status: order.status === "paid" ? firstFulfilmentStatus(order.kind) : null,
  subtotal_cents: order.totals.subtotal,
  discount_cents: order.totals.discount,
  shipping_cents: order.totals.shipping,
  total_cents: order.totals.total,
  pix_discount_bp: order.pixDiscountBasisPoints,
  pix_discount_cents: order.totals.pixDiscount,
  coins_used: order.coinsUsed,
  coins_discount_cents: order.totals.coinsDiscount,
  coupon_id: order.couponId,
  coupon_code: order.couponCode,
  shipping: JSON.stringify(order.shipping),
  address: JSON.stringify(order.address),
  cpf: order.cpf,
  ships_on: civilText(order.shipsOn),
  current_attempt_id: order.currentAttemptId,
  paid_attempt_id: order.paidAttemptId,
  placed_at: new Date(order.placedAt),
  paid_at: order.paidAt ? new Date(order.paidAt) : null,
  pay_by: new Date(order.payBy),
  updated_at: new Date(order.placedAt),
})

const lineRow = (orderId: string, l: OrderLine, position: number) => ({
  order_id: orderId,
  position,
  product_id: l.productId,
  name: l.name,
  collection_id: l.collectionId,
  collection_name: l.collectionName,
  image_url: l.imageUrl,
  unit_price_cents: l.unitPrice,
  quantity: l.quantity,
  edition_size: l.editionSize,
  serials: JSON.stringify(l.serials),
})

const attemptRow = (a: StoredAttempt) => ({
  id: a.id,
  order_id: a.orderId,
  idempotency_key: a.idempotencyKey,
  method: a.method,
  amount_cents: a.amount,
  ...attemptColumns(a),
  submitted_at: a.submittedAt ? new Date(a.submittedAt) : null,
  created_at: new Date(a.createdAt),
})

export const PostgresOrderStoreLayer = Layer.effect(
  OrderStore,
  Effect.gen(function* () {
    const { db } = yield* Db
    const run = <A>(body: (executor: Kysely<Database>) => Promise<A>) => withExecutor(db, body)

    const withLines = (executor: Kysely<Database>) =>
      executor
        .selectFrom("orders as o")
        .select(ORDER_COLUMNS.map((c) => `o.${c}` as const))
        .select((eb) =>
          jsonArrayFrom(
            withRevealOf(
              eb.selectFrom("order_lines as l").select(LINE_COLUMNS.map((c) => `l.${c}` as const)),
              "l.product_id",
            ).whereRef("l.order_id", "=", "o.id"),
          ).as("lines"),
        )
    // One round trip: the order's lines come with it as a JSON array (the row lock, if any, is the order's).
    const loadOrder = async (
      executor: Kysely<Database>,
      where: { id: string } | { userId: string; key: string },
      lock: boolean,
    ) => {
      if ("id" in where && !isUuid(where.id)) return null
      let q = withLines(executor)
      q =
        "id" in where
          ? q.where("o.id", "=", where.id)
          : q.where("o.user_id", "=", where.userId).where("o.idempotency_key", "=", where.key)
      const row = await (lock ? q.forUpdate("o") : q).executeTakeFirst()
      if (!row) return null
      const { lines, ...order } = row
      return toOrder(order, lines)
    }
    const loadAttempt = async (executor: Kysely<Database>, id: string, lock: boolean) => {
      if (!isUuid(id)) return null
      const q = executor.selectFrom("payment_attempts").select(ATTEMPT_COLUMNS).where("id", "=", id)
      const row = await (lock ? q.forUpdate() : q).executeTakeFirst()
      return row ? toAttempt(row) : null
    }

    return OrderStore.of({
      nextSequence: () =>
        run(async (executor) => {
          const { rows } = await sql<{ n: number }>`select nextval('order_number_seq')::int as n`.execute(
            executor,
          )
          return rows[0]?.n ?? 0
        }),
      // One statement: the order, then its lines and first attempt only when the order went in (a twin's
      // request under the same key inserts nothing and waits on the key until the first one commits).
      insertIfNew: (order, key, firstAttempt) =>
        run(async (executor) => {
          const orderInsert = executor
            .insertInto("orders")
            .values(orderRow(order, key))
            .onConflict((oc) => oc.columns(["user_id", "idempotency_key"]).doNothing())
            .returning("id")
          const withOrder = [
            ...order.lines.map((line, position) =>
              insertFrom("order_lines", lineRow(order.id, line, position), "inserted"),
            ),
            ...(firstAttempt ? [insertFrom("payment_attempts", attemptRow(firstAttempt), "inserted")] : []),
          ]
          const { rows } = await sql<{ id: string }>`with ${sql.join([
            sql`inserted as (${orderInsert})`,
            ...withOrder.map((insert, i) => sql`${sql.ref(`written_${i}`)} as (${insert})`),
          ])} select id from inserted`.execute(executor)
          return rows.length === 1
        }),
      findByKey: (userId, key) => run((executor) => loadOrder(executor, { userId, key }, false)),
      get: (orderId) => run((executor) => loadOrder(executor, { id: orderId }, false)),
      getWithAttempt: (orderId) =>
        run(async (executor) => {
          const row = await withLines(executor)
            .select((eb) =>
              jsonObjectFrom(
                eb
                  .selectFrom("payment_attempts as a")
                  .select(ATTEMPT_COLUMNS.map((c) => `a.${c}` as const))
                  .whereRef("a.id", "=", "o.current_attempt_id"),
              ).as("attempt"),
            )
            .where("o.id", "=", orderId)
            .executeTakeFirst()
          if (!row) return null
          const { lines, attempt, ...order } = row
          return { order: toOrder(order, lines), attempt: attempt ? toAttempt(attempt) : null }
        }),
      lock: (orderId) => run((executor) => loadOrder(executor, { id: orderId }, true)),
      // One statement: the order's row, and the serials of its numbered lines ({ position: serials }) with it.
      save: (order) =>
        run(async (executor) => {
          const saveOrder = executor
            .updateTable("orders")
            .set({
              status: order.status,
              // The life after payment starts with it (the table's check keeps the two in step).
              fulfilment_status:
                order.status === "paid"
                  ? sql`coalesce(fulfilment_status, ${firstFulfilmentStatus(order.kind)})`
                  : null,
              ships_on: civilText(order.shipsOn),
              // A switch between PIX and card moves the PIX discount, and the total with it.
              pix_discount_cents: order.totals.pixDiscount,
              total_cents: order.totals.total,
              current_attempt_id: order.currentAttemptId,
              paid_attempt_id: order.paidAttemptId,
              paid_at: order.paidAt ? new Date(order.paidAt) : null,
              pay_by: new Date(order.payBy),
              updated_at: new Date(),
            })
            .where("id", "=", order.id)
          const serials = Object.fromEntries(
            order.lines.flatMap((line, position) =>
              line.serials.length > 0 ? [[position, line.serials]] : [],
            ),
          )
          if (Object.keys(serials).length === 0) return void (await saveOrder.execute())
          const byPosition = sql`${JSON.stringify(serials)}::jsonb`
          await executor
            .with("saved", () => saveOrder)
            .updateTable("order_lines")
            .set({ serials: sql`${byPosition} -> position::text` })
            .where("order_id", "=", order.id)
            .where(sql<boolean>`(jsonb_exists(${byPosition}, position::text))`)
            .execute()
        }),
      listForUser: (userId, limit) =>
        run(async (executor) => {
          const rows = await executor
            .selectFrom("orders as o")
            .leftJoin("payment_attempts as a", "a.id", "o.current_attempt_id")
            .select([
              "o.id",
              "o.number",
              "o.status",
              "o.fulfilment_status",
              "o.total_cents",
              "o.placed_at",
              "o.plan",
              "a.method",
              sql<number>`(select coalesce(sum(quantity), 0)::int from order_lines l where l.order_id = o.id)`.as(
                "items",
              ),
            ])
            .select((eb) =>
              jsonObjectFrom(
                withRevealOf(
                  eb
                    .selectFrom("order_lines as l")
                    .select(["l.name", "l.collection_name", "l.edition_size", "l.serials"]),
                  "l.product_id",
                )
                  .whereRef("l.order_id", "=", "o.id")
                  .orderBy("l.position")
                  .limit(1),
              ).as("first_line"),
            )
            .where("o.user_id", "=", userId)
            .orderBy("o.placed_at", "desc")
            .limit(limit)
            .execute()
          return rows.map((r) => ({
            id: r.id,
            number: r.number,
            status: r.status,
            total: r.total_cents,
            placedAt: ms(r.placed_at),
            // A plan order has no lines: it is the plan it bought.
            items: r.plan ? 1 : r.items,
            planLabel: r.plan ? orderPlanLabel(r.plan) : null,
            firstLine: r.first_line
              ? {
                  name: r.first_line.name,
                  collectionName: r.first_line.collection_name,
                  editionSize: r.first_line.edition_size,
                  serials: r.first_line.serials,
                  reveal: revealFactsFromRow(r.first_line),
                }
              : null,
            method: r.method ?? null,
            fulfilmentStatus: r.fulfilment_status,
          }))
        }),
      overdue: (now, limit) =>
        run(async (executor) =>
          (
            await executor
              .selectFrom("orders")
              .select("id")
              .where("status", "in", ["awaiting_payment", "rejected"])
              .where("pay_by", "<=", new Date(now))
              .orderBy("pay_by")
              .limit(limit)
              .execute()
          ).map((r) => r.id),
        ),
      insertAttempt: (a) =>
        run(async (executor) => {
          await executor.insertInto("payment_attempts").values(attemptRow(a)).execute()
        }),
      getAttempt: (id) => run((executor) => loadAttempt(executor, id, false)),
      lockAttempt: (id) => run((executor) => loadAttempt(executor, id, true)),
      findAttemptByKey: (orderId, key) =>
        run(async (executor) => {
          const row = await executor
            .selectFrom("payment_attempts")
            .select(ATTEMPT_COLUMNS)
            .where("order_id", "=", orderId)
            .where("idempotency_key", "=", key)
            .executeTakeFirst()
          return row ? toAttempt(row) : null
        }),
      findAttemptByGatewayId: (gatewayId) =>
        run(async (executor) => {
          const row = await executor
            .selectFrom("payment_attempts")
            .select(ATTEMPT_COLUMNS)
            .where("gateway_payment_id", "=", gatewayId)
            .executeTakeFirst()
          return row ? toAttempt(row) : null
        }),
      claimAttempt: (id, now) =>
        run(async (executor) => {
          const claimed = await executor
            .updateTable("payment_attempts")
            .set({ submitted_at: new Date(now), updated_at: new Date(now) })
            .where("id", "=", id)
            .where("submitted_at", "is", null)
            .where("status", "=", "new")
            .returning(ATTEMPT_COLUMNS)
            .executeTakeFirst()
          return claimed ? toAttempt(claimed) : null
        }),
      reclaimAttempt: (id, claimedBefore, now) =>
        run(async (executor) => {
          const claimed = await executor
            .updateTable("payment_attempts")
            .set({ submitted_at: new Date(now), updated_at: new Date(now) })
            .where("id", "=", id)
            .where((eb) => unanswered(eb, claimedBefore))
            .returning(ATTEMPT_COLUMNS)
            .executeTakeFirst()
          return claimed ? toAttempt(claimed) : null
        }),
      saveAttempt: (a) =>
        run(async (executor) => {
          await executor
            .updateTable("payment_attempts")
            .set(attemptColumns(a))
            .where("id", "=", a.id)
            .execute()
        }),
      touchAttempt: (id, now) =>
        run(async (executor) => {
          await executor
            .updateTable("payment_attempts")
            .set({ updated_at: new Date(now) })
            .where("id", "=", id)
            .execute()
        }),
      unansweredAttempts: (claimedBefore, limit) =>
        run(async (executor) =>
          (
            await executor
              .selectFrom("payment_attempts")
              .select(ATTEMPT_COLUMNS)
              .where((eb) => unanswered(eb, claimedBefore))
              .orderBy("created_at")
              .limit(limit)
              .execute()
          ).map(toAttempt),
        ),
      openAttempts: (before, limit) =>
        run(async (executor) =>
          (
            await executor
              .selectFrom("payment_attempts")
              .select(ATTEMPT_COLUMNS)
              .where("status", "in", ["new", "pending", "in_process"])
              .where("updated_at", "<", new Date(before))
              .orderBy("updated_at")
              .limit(limit)
              .execute()
          ).map(toAttempt),
        ),
    })
  }),
)
