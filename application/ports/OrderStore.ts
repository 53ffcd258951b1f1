import { Context, type Effect } from "effect"
import type { FulfilmentStatus } from "../../domain/fulfilment/fulfilment"
import type { Order, OrderLine, OrderStatus, PaymentMethod } from "../../domain/orders/order"
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
  /** What a plan order bought ('Plano Trimestral — Coleção X, 3 meses'); null for any other kind. */
  readonly planLabel: string | null
  /** The order's first line as recorded, with its character's reveal (the list says it as the customer may know it). */
  readonly firstLine: Pick<OrderLine, "name" | "collectionName" | "editionSize" | "serials" | "reveal"> | null
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
    /**
     * Inserts the order (with its first payment attempt, if given) unless the customer already has one under
     * this key: then false, and nothing is written.
     */
    insertIfNew(order: Order, idempotencyKey: string, firstAttempt?: StoredAttempt): Effect.Effect<boolean>
    findByKey(userId: string, idempotencyKey: string): Effect.Effect<Order | null>
    get(orderId: string): Effect.Effect<Order | null>
    /** The order with its current payment attempt, in one read. */
    getWithAttempt(orderId: string): Effect.Effect<{ order: Order; attempt: StoredAttempt | null } | null>
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
    /** Marks the attempt as being sent to the gateway and answers it; null when another request already took it. */
    claimAttempt(attemptId: string, now: number): Effect.Effect<StoredAttempt | null>
    /**
     * Takes over an attempt whose claim is older than `claimedBefore` and still unanswered (new, no gateway
     * payment, no Checkout Pro page): its claim is renewed to `now` and the attempt answered; null when it was
     * answered, or someone else took it, meanwhile. Of concurrent callers exactly one gets it.
     */
    reclaimAttempt(attemptId: string, claimedBefore: number, now: number): Effect.Effect<StoredAttempt | null>
    saveAttempt(attempt: StoredAttempt): Effect.Effect<void>
    /** Marks the attempt as looked at now, which puts it last among the open attempts to reconcile. */
    touchAttempt(attemptId: string, now: number): Effect.Effect<void>
    /**
     * Attempts taken to the gateway (or written, if never taken) before `claimedBefore` that it never answered:
     * new, with no gateway payment and no Checkout Pro page, oldest first.
     */
    unansweredAttempts(claimedBefore: number, limit: number): Effect.Effect<readonly StoredAttempt[]>
    /** Attempts still open (new, pending, in process) last touched before `before`, oldest first. */
    openAttempts(before: number, limit: number): Effect.Effect<readonly StoredAttempt[]>
  }
>()("store/application/OrderStore") {}
