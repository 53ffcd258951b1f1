import { Context, type Effect } from "effect"
import type { FulfilmentStatus } from "../../domain/fulfilment/fulfilment"
import type { Order, OrderStatus, PaymentMethod } from "../../domain/orders/order"
import type { PaymentAttempt } from "../../domain/orders/payment"
import type { BoletoInstructions, PixInstructions } from "./PaymentGateway"

/** A payment attempt with what the gateway told us about it. */
export interface StoredAttempt extends PaymentAttempt {
  readonly idempotencyKey: string
  readonly paymentMethodId: string | null
  readonly cardLastFour: string | null
  readonly pix: PixInstructions | null
  readonly boleto: BoletoInstructions | null
  readonly redirectUrl: string | null
  /** When a request took the attempt to the gateway; null while nobody has. */
  readonly submittedAt: number | null
  readonly createdAt: number
  readonly updatedAt: number
}

export interface OrderSummary {
  readonly id: string
  readonly number: string
  readonly status: OrderStatus
  readonly total: number
  readonly placedAt: number
  readonly items: number
  readonly firstItemName: string
  readonly method: PaymentMethod | null
  /** Where a paid order stands after payment (in production, shipped, ...); null until paid. */
  readonly fulfilmentStatus: FulfilmentStatus | null
}

/**
 * Orders and their payment attempts. Reads and writes join the ambient unit of work; `lock…` calls take a row
 * lock for the rest of it, so two updates of one order (a webhook and a reconciliation) run one after the other.
 */
export class OrderStore extends Context.Service<
  OrderStore,
  {
    /** The next order number's sequence, never handed out twice (gaps are fine). */
    nextSequence(): Effect.Effect<number>
    /** Inserts the order unless the customer already has one under this key (then false, nothing written). */
    insertIfNew(order: Order, idempotencyKey: string): Effect.Effect<boolean>
    findByKey(userId: string, idempotencyKey: string): Effect.Effect<Order | null>
    get(orderId: string): Effect.Effect<Order | null>
    lock(orderId: string): Effect.Effect<Order | null>
    /** Writes the order's status, dates, current and paying attempts, and its lines' serials. */
    save(order: Order): Effect.Effect<void>
    listForUser(userId: string, limit: number): Effect.Effect<readonly OrderSummary[]>
    /** Unpaid orders past their deadline, oldest first. */
    overdue(now: number, limit: number): Effect.Effect<readonly string[]>

    insertAttempt(attempt: StoredAttempt): Effect.Effect<void>
    getAttempt(attemptId: string): Effect.Effect<StoredAttempt | null>
    lockAttempt(attemptId: string): Effect.Effect<StoredAttempt | null>
    findAttemptByKey(orderId: string, idempotencyKey: string): Effect.Effect<StoredAttempt | null>
    findAttemptByGatewayId(gatewayPaymentId: string): Effect.Effect<StoredAttempt | null>
    /** Marks the attempt as being sent to the gateway; false when another request already took it. */
    claimAttempt(attemptId: string, now: number): Effect.Effect<boolean>
    saveAttempt(attempt: StoredAttempt): Effect.Effect<void>
    /** Attempts still open (new, pending, in process) last touched before `before`, oldest first. */
    openAttempts(before: number, limit: number): Effect.Effect<readonly StoredAttempt[]>
  }
>()("store/application/OrderStore") {}
