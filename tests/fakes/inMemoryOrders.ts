import { Effect, Layer } from "effect"
import { AddressBook, type SavedAddress } from "../../application/ports/AddressBook"
import { CartStore } from "../../application/ports/CartStore"
import { CoinWallet } from "../../application/ports/CoinWallet"
import { CouponStore, type CustomerCouponUse, type StoredCoupon } from "../../application/ports/CouponStore"
import { CustomerDetails, type Details } from "../../application/ports/CustomerDetails"
import { EditionLimits } from "../../application/ports/EditionLimits"
import { EditionStock } from "../../application/ports/EditionStock"
import { Ids } from "../../application/ports/Ids"
import { OrderStore, type OrderSummary, type StoredAttempt } from "../../application/ports/OrderStore"
import { Waitlists } from "../../application/ports/Waitlists"
import type { Cart } from "../../domain/cart/cart"
import { coinBalance, isOrderCoinsReference } from "../../domain/community/coinLedger"
import type { LedgerEntry } from "../../domain/community/ledger"
import { holdsEditionUnits, sameCollector } from "../../domain/editions/editionLimit"
import { firstFulfilmentStatus } from "../../domain/fulfilment/fulfilment"
import type { Address } from "../../domain/orders/address"
import { MAX_ADDRESSES } from "../../domain/orders/address"
import {
  confirmUnits,
  type EditionStock as EditionRow,
  releaseUnits,
  reserveUnits,
  returnSoldUnits,
} from "../../domain/orders/editions"
import type { Order } from "../../domain/orders/order"
import { orderPlanLabel } from "../../domain/subscriptions/prepaidPlans"
import { inMemoryEvents, type Transactional } from "./inMemoryEvents"
import { inMemoryWaitlists, type StoredWaitlistEntry } from "./inMemoryWaitlists"

interface CouponRow extends StoredCoupon {
  readonly conversions: number
  readonly revenue: number
}

/** Everything the order ports keep, as plain data, so a transaction can snapshot it and roll it back. */
interface Tables {
  orders: Map<string, { order: Order; key: string }>
  attempts: Map<string, StoredAttempt>
  stock: Map<string, EditionRow>
  /** Per-collector limits of products (absent: none). */
  limits: Map<string, number>
  coupons: Map<string, CouponRow>
  /** By owner, in the order they were added. */
  addresses: Map<string, SavedAddress[]>
  details: Map<string, Details>
  carts: Map<string, Cart>
  /** The code applied to each customer's cart. */
  cartCoupons: Map<string, string>
  waitlist: Map<string, StoredWaitlistEntry>
  /** Once-per-customer coupon uses held by orders. */
  couponUses: CustomerCouponUse[]
  /** The points ledger's coin entries, as CoinWallet sees them. */
  ledger: LedgerEntry[]
}

const emptyTables = (): Tables => ({
  orders: new Map(),
  attempts: new Map(),
  stock: new Map(),
  limits: new Map(),
  coupons: new Map(),
  addresses: new Map(),
  details: new Map(),
  carts: new Map(),
  cartCoupons: new Map(),
  waitlist: new Map(),
  couponUses: [],
  ledger: [],
})

const die = (what: string) => Effect.die(new Error(what))
const copy = <A>(value: A): A => structuredClone(value)
const UUID = /^[0-9a-f-]{36}$/i

/**
 * The order ports over plain maps, with the Postgres adapters' contracts: an idempotency key or an attempt's key
 * is unique, `claimAttempt` succeeds once, edition units never exceed the size, a coupon never passes `maxUses`,
 * `save` and `saveAttempt` write only the columns the adapters write, and every change rolls back with the unit
 * of work that failed. The order sequence, like Postgres's, is not rolled back.
 */
const unanswered = (a: StoredAttempt, claimedBefore: number) =>
  a.status === "new" &&
  a.gatewayPaymentId === null &&
  a.redirectUrl === null &&
  (a.submittedAt ?? a.createdAt) < claimedBefore

export function inMemoryOrders(others: readonly Transactional[] = []) {
  const tables = emptyTables()
  const events = inMemoryEvents([
    {
      snapshot: () => {
        const saved = copy(tables)
        return () => Object.assign(tables, saved)
      },
    },
    ...others,
  ])
  const { write } = events
  let sequence = 0
  let addressSeq = 0

  const orderStore = OrderStore.of({
    nextSequence: () => write(() => ++sequence),
    insertIfNew: (order, key, firstAttempt) =>
      Effect.flatMap(
        write(() => {
          const all = [...tables.orders.values()]
          if (all.some((o) => o.order.userId === order.userId && o.key === key)) return "exists" as const
          if (tables.orders.has(order.id) || all.some((o) => o.order.number === order.number))
            return "duplicate" as const
          if (all.some((o) => o.order.trackingCode === order.trackingCode)) return "duplicate" as const
          tables.orders.set(order.id, { order: copy(order), key })
          return "inserted" as const
        }),
        (outcome) =>
          outcome === "duplicate"
            ? die(`OrderStore.insertIfNew: order ${order.id} repeats an id, number or tracking code`)
            : outcome === "inserted" && firstAttempt
              ? Effect.as(orderStore.insertAttempt(firstAttempt), true)
              : Effect.succeed(outcome === "inserted"),
      ),
    findByKey: (userId, key) =>
      write(() => {
        const found = [...tables.orders.values()].find((o) => o.order.userId === userId && o.key === key)
        return found ? copy(found.order) : null
      }),
    get: (id) => write(() => copy(tables.orders.get(id)?.order ?? null)),
    getWithAttempt: (id) =>
      write(() => {
        const order = tables.orders.get(id)?.order
        if (!order) return null
        const attempt = order.currentAttemptId ? tables.attempts.get(order.currentAttemptId) : null
        return copy({ order, attempt: attempt ?? null })
      }),
    lock: (id) => write(() => copy(tables.orders.get(id)?.order ?? null)),
    save: (order) =>
      Effect.flatMap(
        write(() => {
          const row = tables.orders.get(order.id)
          if (!row) return false
          // The columns PostgresOrderStore.save writes; lines keep everything but their serials.
          tables.orders.set(order.id, {
            ...row,
            order: {
              ...row.order,
              status: order.status,
              // A switch between PIX and card moves the PIX discount, and the total with it.
              totals: {
                ...row.order.totals,
                pixDiscount: order.totals.pixDiscount,
                total: order.totals.total,
              },
              shipsOn: copy(order.shipsOn),
              currentAttemptId: order.currentAttemptId,
              paidAttemptId: order.paidAttemptId,
              paidAt: order.paidAt,
              payBy: order.payBy,
              lines: row.order.lines.map((line, position) => {
                const serials = order.lines[position]?.serials ?? []
                return serials.length > 0 ? { ...line, serials: [...serials] } : line
              }),
            },
          })
          return true
        }),
        (saved) => (saved ? Effect.void : die(`OrderStore.save: no order ${order.id}`)),
      ),
    listForUser: (userId, limit) =>
      write(() =>
        [...tables.orders.values()]
          .map((o) => o.order)
          .filter((o) => o.userId === userId)
          .sort((a, b) => b.placedAt - a.placedAt)
          .slice(0, limit)
          .map(
            (o): OrderSummary => ({
              id: o.id,
              number: o.number,
              status: o.status,
              total: o.totals.total,
              placedAt: o.placedAt,
              items: o.plan ? 1 : o.lines.reduce((n, l) => n + l.quantity, 0),
              planLabel: o.plan ? orderPlanLabel(o.plan) : null,
              firstLine: o.lines[0] ?? null,
              method: (o.currentAttemptId && tables.attempts.get(o.currentAttemptId)?.method) || null,
              // The order tables alone know no more than that a paid order waits for production.
              fulfilmentStatus: o.status === "paid" ? firstFulfilmentStatus(o.kind) : null,
            }),
          ),
      ),
    overdue: (now, limit) =>
      write(() =>
        [...tables.orders.values()]
          .map((o) => o.order)
          .filter((o) => (o.status === "awaiting_payment" || o.status === "rejected") && o.payBy <= now)
          .sort((a, b) => a.payBy - b.payBy)
          .slice(0, limit)
          .map((o) => o.id),
      ),
    insertAttempt: (attempt) =>
      Effect.flatMap(
        write(() => {
          const clash =
            tables.attempts.has(attempt.id) ||
            !tables.orders.has(attempt.orderId) ||
            [...tables.attempts.values()].some(
              (a) => a.orderId === attempt.orderId && a.idempotencyKey === attempt.idempotencyKey,
            )
          if (!clash) tables.attempts.set(attempt.id, copy(attempt))
          return !clash
        }),
        (inserted) =>
          inserted
            ? Effect.void
            : die(`OrderStore.insertAttempt: ${attempt.id} repeats an id or key, or has no order`),
      ),
    getAttempt: (id) => write(() => copy(tables.attempts.get(id) ?? null)),
    lockAttempt: (id) => write(() => copy(tables.attempts.get(id) ?? null)),
    findAttemptByKey: (orderId, key) =>
      write(() =>
        copy(
          [...tables.attempts.values()].find((a) => a.orderId === orderId && a.idempotencyKey === key) ??
            null,
        ),
      ),
    findAttemptByGatewayId: (gatewayId) =>
      write(() => copy([...tables.attempts.values()].find((a) => a.gatewayPaymentId === gatewayId) ?? null)),
    claimAttempt: (id, now) =>
      write(() => {
        const attempt = tables.attempts.get(id)
        if (!attempt || attempt.submittedAt !== null || attempt.status !== "new") return null
        const claimed = { ...attempt, submittedAt: now, updatedAt: now }
        tables.attempts.set(id, claimed)
        return copy(claimed)
      }),
    reclaimAttempt: (id, claimedBefore, now) =>
      write(() => {
        const attempt = tables.attempts.get(id)
        if (!attempt || !unanswered(attempt, claimedBefore)) return null
        const claimed = { ...attempt, submittedAt: now, updatedAt: now }
        tables.attempts.set(id, claimed)
        return copy(claimed)
      }),
    unansweredAttempts: (claimedBefore, limit) =>
      write(() =>
        [...tables.attempts.values()]
          .filter((a) => unanswered(a, claimedBefore))
          .sort((a, b) => a.createdAt - b.createdAt)
          .slice(0, limit)
          .map(copy),
      ),
    touchAttempt: (id, now) =>
      write(() => {
        const attempt = tables.attempts.get(id)
        if (attempt) tables.attempts.set(id, { ...attempt, updatedAt: now })
      }),
    saveAttempt: (a) =>
      Effect.flatMap(
        write(() => {
          const row = tables.attempts.get(a.id)
          if (!row) return "missing" as const
          if (
            [...tables.attempts.values()].some(
              (o) =>
                o.id !== a.id && a.gatewayPaymentId !== null && o.gatewayPaymentId === a.gatewayPaymentId,
            )
          )
            return "clash" as const
          // The columns PostgresOrderStore.saveAttempt writes (not the key, amount, method or submission).
          tables.attempts.set(a.id, {
            ...row,
            status: a.status,
            statusDetail: a.statusDetail,
            gatewayPaymentId: a.gatewayPaymentId,
            installments: a.installments,
            paymentMethodId: a.paymentMethodId,
            cardLastFour: a.cardLastFour,
            pix: copy(a.pix),
            boleto: copy(a.boleto),
            redirectUrl: a.redirectUrl,
            updatedAt: a.updatedAt,
          })
          return "saved" as const
        }),
        (outcome) =>
          outcome === "saved"
            ? Effect.void
            : die(
                `OrderStore.saveAttempt: ${outcome === "missing" ? "no attempt" : "gateway id taken by another attempt than"} ${a.id}`,
              ),
      ),
    openAttempts: (before, limit) =>
      write(() =>
        [...tables.attempts.values()]
          .filter((a) => ["new", "pending", "in_process"].includes(a.status) && a.updatedAt < before)
          .sort((a, b) => a.updatedAt - b.updatedAt)
          .slice(0, limit)
          .map(copy),
      ),
  })

  const stockRow = (method: string, productId: string) =>
    Effect.flatMap(
      write(() => tables.stock.get(productId) ?? null),
      (row) => (row ? Effect.succeed(row) : die(`EditionStock.${method}: no product ${productId}`)),
    )
  const editionStock = EditionStock.of({
    sizes: (ids) =>
      write(
        () =>
          new Map(
            ids.flatMap((id) => (tables.stock.has(id) ? [[id, tables.stock.get(id)?.size ?? null]] : [])),
          ),
      ),
    reserve: (productId, quantity) =>
      Effect.flatMap(stockRow("reserve", productId), () =>
        write(() => {
          const row = tables.stock.get(productId) as EditionRow
          const reserved = reserveUnits(row, quantity)
          if (!reserved.ok) return { ok: false as const, left: reserved.left }
          tables.stock.set(productId, reserved.stock)
          return { ok: true as const }
        }),
      ),
    release: (productId, quantity) =>
      Effect.flatMap(stockRow("release", productId), () =>
        write(
          () =>
            void tables.stock.set(
              productId,
              releaseUnits(tables.stock.get(productId) as EditionRow, quantity),
            ),
        ),
      ),
    confirm: (productId, quantity) =>
      Effect.flatMap(stockRow("confirm", productId), () =>
        Effect.flatMap(
          write(() => {
            const row = tables.stock.get(productId) as EditionRow
            if (row.reserved < quantity) return null
            const confirmed = confirmUnits(row, quantity)
            tables.stock.set(productId, confirmed.stock)
            return confirmed.serials
          }),
          (serials) =>
            serials
              ? Effect.succeed(serials)
              : die(`EditionStock.confirm: ${quantity} units of ${productId} were not reserved`),
        ),
      ),
    returnSold: (productId, serials) =>
      Effect.flatMap(stockRow("returnSold", productId), () =>
        write(
          () =>
            void tables.stock.set(
              productId,
              returnSoldUnits(tables.stock.get(productId) as EditionRow, serials),
            ),
        ),
      ),
  })

  // Fulfilment lives in another fake: here an order holds its units while paid or awaiting payment.
  const editionLimits = EditionLimits.of({
    limits: (ids) =>
      write(
        () =>
          new Map(ids.flatMap((id) => (tables.stock.has(id) ? [[id, tables.limits.get(id) ?? null]] : []))),
      ),
    held: (productId, collector, exceptOrderId) =>
      write(() =>
        [...tables.orders.values()]
          .map((row) => row.order)
          .filter(
            (o) =>
              o.id !== exceptOrderId &&
              holdsEditionUnits({ status: o.status, fulfilmentStatus: null }) &&
              sameCollector(collector, o),
          )
          .flatMap((o) => o.lines.filter((l) => l.productId === productId))
          .reduce((sum, l) => sum + l.quantity, 0),
      ),
    atLimit: (collector) =>
      write(() =>
        [...tables.limits].flatMap(([productId, limit]) => {
          if (limit === null) return []
          const held = [...tables.orders.values()]
            .map((row) => row.order)
            .filter(
              (o) =>
                holdsEditionUnits({ status: o.status, fulfilmentStatus: null }) &&
                sameCollector(collector, o),
            )
            .flatMap((o) => o.lines.filter((l) => l.productId === productId))
            .reduce((sum, l) => sum + l.quantity, 0)
          return held >= limit ? [productId] : []
        }),
      ),
  })

  const couponStore = CouponStore.of({
    findByCode: (code) =>
      write(() => {
        const row = [...tables.coupons.values()].find((c) => c.code === code)
        if (!row) return null
        const { conversions: _c, revenue: _r, ...coupon } = row
        return copy(coupon)
      }),
    use: (id) =>
      write(() => {
        const row = tables.coupons.get(id)
        if (!row || (row.maxUses !== null && row.totalUses >= row.maxUses)) return false
        tables.coupons.set(id, { ...row, totalUses: row.totalUses + 1 })
        return true
      }),
    release: (id) =>
      write(() => {
        const row = tables.coupons.get(id)
        if (row) tables.coupons.set(id, { ...row, totalUses: Math.max(0, row.totalUses - 1) })
      }),
    usedByCustomer: (couponId, userId) =>
      write(() => tables.couponUses.some((u) => u.couponId === couponId && u.userId === userId)),
    claimForCustomer: (use) =>
      write(() => {
        const taken = tables.couponUses.some(
          (u) =>
            u.couponId === use.couponId &&
            (u.userId === use.userId || (use.cpf !== null && u.cpf === use.cpf)),
        )
        if (!taken) tables.couponUses.push(copy(use))
        return !taken
      }),
    releaseForOrder: (orderId) =>
      write(() => {
        tables.couponUses = tables.couponUses.filter((u) => u.orderId !== orderId)
      }),
    recordConversion: (id, revenue) =>
      write(() => {
        const row = tables.coupons.get(id)
        if (row)
          tables.coupons.set(id, { ...row, conversions: row.conversions + 1, revenue: row.revenue + revenue })
      }),
  })

  const addressBook = AddressBook.of({
    list: (userId) =>
      write(() =>
        copy(
          [...(tables.addresses.get(userId) ?? [])].sort((a, b) => Number(b.isDefault) - Number(a.isDefault)),
        ),
      ),
    get: (userId, id) =>
      write(() =>
        UUID.test(id) ? copy(tables.addresses.get(userId)?.find((a) => a.id === id) ?? null) : null,
      ),
    save: (userId, address, options) =>
      write(() => {
        const existing = tables.addresses.get(userId) ?? []
        if (options.id && !existing.some((a) => a.id === options.id)) return null
        if (!options.id && existing.length >= MAX_ADDRESSES) return null
        const makeDefault =
          options.makeDefault || existing.length === 0 || (existing.length === 1 && options.id !== undefined)
        const others = makeDefault ? existing.map((a) => ({ ...a, isDefault: false })) : existing
        const id = options.id ?? `a0000000-0000-4000-8000-${String(++addressSeq).padStart(12, "0")}`
        const before = existing.find((a) => a.id === id)
        const saved: SavedAddress = { ...address, id, isDefault: makeDefault || (before?.isDefault ?? false) }
        tables.addresses.set(
          userId,
          options.id ? others.map((a) => (a.id === id ? saved : a)) : [...others, saved],
        )
        return copy(saved)
      }),
    remove: (userId, id) =>
      write(() => {
        const existing = tables.addresses.get(userId) ?? []
        const removed = existing.find((a) => a.id === id)
        if (!removed) return false
        const rest = existing.filter((a) => a.id !== id)
        tables.addresses.set(
          userId,
          removed.isDefault ? rest.map((a, i) => (i === 0 ? { ...a, isDefault: true } : a)) : rest,
        )
        return true
      }),
  })

  const customerDetails = CustomerDetails.of({
    get: (userId) => write(() => copy(tables.details.get(userId) ?? { phone: "", cpf: null })),
    save: (userId, details) =>
      write(() => {
        const current = tables.details.get(userId) ?? { phone: "", cpf: null }
        tables.details.set(userId, {
          phone: details.phone ?? current.phone,
          cpf: details.cpf !== undefined ? details.cpf : current.cpf,
        })
      }),
  })

  const cartStore = CartStore.of({
    load: (userId) => write(() => copy(tables.carts.get(userId) ?? [])),
    update: (userId, change) =>
      write(() => {
        const result = change(copy(tables.carts.get(userId) ?? []))
        if ("cart" in result) tables.carts.set(userId, copy(result.cart))
        return result
      }),
    remove: (userId, productIds) =>
      write(() => {
        const cart = tables.carts.get(userId) ?? []
        tables.carts.set(
          userId,
          cart.filter((l) => !productIds.includes(l.productId)),
        )
      }),
    coupon: (userId) => write(() => tables.cartCoupons.get(userId) ?? null),
    setCoupon: (userId, code) =>
      write(() => {
        if (code === null) tables.cartCoupons.delete(userId)
        else tables.cartCoupons.set(userId, code)
      }),
    dropCoupon: (userId, code) =>
      write(() => {
        if (tables.cartCoupons.get(userId) === code) tables.cartCoupons.delete(userId)
      }),
  })

  const ledgerOf = (userId: string) => tables.ledger.filter((e) => e.userId === userId)
  const addOnce = (entry: LedgerEntry) => {
    const there = tables.ledger.some(
      (e) => e.userId === entry.userId && e.kind === entry.kind && e.reference === entry.reference,
    )
    if (!there) tables.ledger.push(copy(entry))
    return !there
  }
  const coinWallet = CoinWallet.of({
    balance: (userId) => write(() => coinBalance(ledgerOf(userId))),
    spend: (entry) => write(() => coinBalance(ledgerOf(entry.userId)) >= -entry.coins && addOnce(entry)),
    orderEntries: (userId, orderId) =>
      write(() =>
        copy(
          ledgerOf(userId).filter(
            (e) =>
              (e.kind === "coin_redemption" || e.kind === "coin_return") &&
              isOrderCoinsReference(e.reference, orderId),
          ),
        ),
      ),
    give: (entry) => write(() => addOnce(entry)),
  })

  const layer = Layer.mergeAll(
    events.layer,
    Layer.succeed(CoinWallet, coinWallet),
    Layer.succeed(OrderStore, orderStore),
    Layer.succeed(EditionStock, editionStock),
    Layer.succeed(EditionLimits, editionLimits),
    Layer.succeed(CouponStore, couponStore),
    Layer.succeed(AddressBook, addressBook),
    Layer.succeed(CustomerDetails, customerDetails),
    Layer.succeed(CartStore, cartStore),
    Layer.succeed(Waitlists, inMemoryWaitlists(tables, write)),
  )

  return {
    layer,
    /** Events committed to the outbox, in order. */
    events: events.committed,
    /** How other in-memory ports join these tables' transactions (their state passed in as `others`). */
    write,
    // Seeding and inspection, for tests (never through the ports, so a test's setup cannot hide a port's bug).
    stock: (productId: string) => tables.stock.get(productId),
    setStock: (productId: string, size: number | null, used: { reserved?: number; sold?: number } = {}) =>
      void tables.stock.set(productId, { size, reserved: used.reserved ?? 0, sold: used.sold ?? 0 }),
    setLimit: (productId: string, limit: number | null) =>
      void (limit === null ? tables.limits.delete(productId) : tables.limits.set(productId, limit)),
    waitlist: () => [...tables.waitlist.values()],
    coupon: (id: string) => tables.coupons.get(id),
    couponUses: () => tables.couponUses,
    ledger: (userId: string) => tables.ledger.filter((e) => e.userId === userId),
    /** Coins a collector earned elsewhere (a mission, a purchase), straight into the ledger. */
    grantCoins: (userId: string, coins: number) =>
      void tables.ledger.push({
        userId,
        kind: "mission",
        reference: `grant:${tables.ledger.length}`,
        points: 0,
        coins,
        description: "Moedas de teste",
        occurredAt: 0,
      }),
    addCoupon: (coupon: StoredCoupon) =>
      void tables.coupons.set(coupon.id, { ...coupon, conversions: 0, revenue: 0 }),
    addAddress: (userId: string, address: Address, isDefault = true): SavedAddress => {
      const saved = {
        ...address,
        id: `a0000000-0000-4000-8000-${String(++addressSeq).padStart(12, "0")}`,
        isDefault,
      }
      tables.addresses.set(userId, [...(tables.addresses.get(userId) ?? []), saved])
      return saved
    },
    addresses: (userId: string) => tables.addresses.get(userId) ?? [],
    details: (userId: string) => tables.details.get(userId),
    setDetails: (userId: string, details: Details) => void tables.details.set(userId, copy(details)),
    cart: (userId: string) => tables.carts.get(userId) ?? [],
    setCart: (userId: string, cart: Cart) => void tables.carts.set(userId, copy(cart)),
    cartCoupon: (userId: string) => tables.cartCoupons.get(userId) ?? null,
    orders: () => [...tables.orders.values()].map((o) => o.order),
    order: (id: string) => tables.orders.get(id)?.order,
    attempts: (orderId?: string) =>
      [...tables.attempts.values()].filter((a) => !orderId || a.orderId === orderId),
    attempt: (id: string) => tables.attempts.get(id),
    /** Test-only edits that no port offers (an order placed long ago, an attempt last touched earlier). */
    patchOrder: (id: string, change: Partial<Order>) => {
      const row = tables.orders.get(id)
      if (row) tables.orders.set(id, { ...row, order: { ...row.order, ...change } })
    },
    patchAttempt: (id: string, change: Partial<StoredAttempt>) => {
      const row = tables.attempts.get(id)
      if (row) tables.attempts.set(id, { ...row, ...change })
    },
  }
}

export type InMemoryOrders = ReturnType<typeof inMemoryOrders>

/** Ids that are UUID-shaped (as the adapters expect) and the same on every run: 1, 2, 3 ... */
export function sequentialIds(prefix = "10000000") {
  let n = 0
  let bytes = 0
  return Layer.succeed(
    Ids,
    Ids.of({
      uuid: () => Effect.sync(() => `${prefix}-0000-4000-8000-${String(++n).padStart(12, "0")}`),
      randomBytes: (length) =>
        Effect.sync(() => {
          const seed = ++bytes
          return Uint8Array.from(
            { length },
            (_, i) => (i === length - 1 ? seed & 255 : (seed >> 8) + i * 17) & 255,
          )
        }),
    }),
  )
}
