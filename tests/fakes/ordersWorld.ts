import { Cause, Effect, Exit, Layer } from "effect"
import type { PlaceOrderInput } from "../../application/orders/placeOrder"
import { CatalogChanges } from "../../application/ports/CatalogChanges"
import { Clock } from "../../application/ports/Clock"
import type { StoredCoupon } from "../../application/ports/CouponStore"
import { CurrentUser, type Viewer } from "../../application/ports/CurrentUser"
import { Entitlements } from "../../application/ports/Entitlements"
import { PaymentCallbacks } from "../../application/ports/PaymentCallbacks"
import type { CardDetails } from "../../application/ports/PaymentGateway"
import { PostalCodeLookup } from "../../application/ports/PostalCodeLookup"
import { RateLimiter } from "../../application/ports/RateLimiter"
import { ShippingQuoteSources } from "../../application/ports/ShippingQuoteSource"
import type { StoreSettingsValues } from "../../application/ports/StoreSettings"
import type { Address } from "../../domain/orders/address"
import { charactersFixture, collectionFixture } from "./catalogFixtures"
import { inMemoryCatalog, settingsLayer } from "./inMemoryCatalog"
import type { Transactional } from "./inMemoryEvents"
import { type InMemoryOrders, inMemoryOrders, sequentialIds } from "./inMemoryOrders"
import { inMemoryPlans } from "./inMemoryPlans"
import { type Scripted, scriptedGateway } from "./scriptedGateway"

export const MINUTE = 60_000
export const DAY = 24 * 60 * MINUTE

export const ana: Viewer = {
  id: "u-ana",
  email: "ana@example.com",
  name: "Ana",
  role: "user",
  emailVerified: true,
}
export const bruno: Viewer = {
  id: "u-bruno",
  email: "bruno@example.com",
  name: "Bruno",
  role: "user",
  emailVerified: true,
}

/** A valid CPF (check digits match), typed with its mask. */
export const CPF = "529.982.247-25"

export const paulista: Address = {
  name: "Ana Souza",
  street: "Avenida Paulista",
  number: "1000",
  complement: "apto 12",
  neighborhood: "Bela Vista",
  city: "São Paulo",
  state: "SP",
  zipCode: "01310100",
}

export const visa = (installments = 1): CardDetails => ({
  token: "card-token",
  installments,
  paymentMethodId: "visa",
  issuerId: null,
})

export const couponFixture = (over: Partial<StoredCoupon> = {}): StoredCoupon => ({
  id: "c0000000-0000-4000-8000-000000000001",
  code: "BEMVINDO",
  type: "percentage",
  value: 10,
  minimumOrderValue: 0,
  maximumDiscount: null,
  maxUses: 5,
  totalUses: 0,
  isActive: true,
  validFrom: 0,
  validUntil: null,
  oncePerCustomer: false,
  notWithCoins: false,
  ...over,
})

/** Shipping the table source quotes to every address. */
export const SHIPPING = [
  { id: "pac", name: "PAC", price: 1890, days: 8, provider: "Correios" },
  { id: "sedex", name: "SEDEX", price: 3490, days: 3, provider: "Correios" },
]

export const PRICE = 29990

/** `others` and `extra` let a later module's in-memory ports join the order tables and their transactions. */
export interface WorldOptions<X = never> {
  now: number
  script?: readonly Scripted[]
  /** Slugs of the collections every customer subscribes to. */
  subscribed?: readonly string[]
  others?: readonly Transactional[]
  extra?: (db: InMemoryOrders) => Layer.Layer<X>
  /** The store's settings, over the defaults (the conventions' 5 % PIX, 12x). */
  settings?: Partial<StoreSettingsValues>
}

/**
 * A store in memory for the order use cases: the catalogue (an "anime" collection whose characters run monthly
 * from September 2026, at R$ 299,90), the order ports, a scripted gateway, and a clock the test moves.
 */
export function ordersWorld<X = never>(options: WorldOptions<X>) {
  let now = options.now
  let entitlementLookups = 0
  const anime = collectionFixture({ slug: "anime", theme: "anime", name: "Anime" })
  const characters = charactersFixture(anime, { year: 2026, month: 9 })
  const games = collectionFixture({ slug: "games", theme: "anime", name: "Games" })
  const gameCharacters = charactersFixture(games, { year: 2026, month: 9 })
  const plans = inMemoryPlans()
  let catalogChanges = 0
  const db = inMemoryOrders([...(options.others ?? []), plans.participant])
  const gateway = scriptedGateway({ now: () => now, ...(options.script ? { script: options.script } : {}) })
  const hits = new Map<string, number>()
  const layer = Layer.mergeAll(
    plans.layer,
    Layer.succeed(
      CatalogChanges,
      CatalogChanges.of({
        announce: () =>
          Effect.sync(() => {
            catalogChanges++
          }),
      }),
    ),
    options.extra ? options.extra(db) : (Layer.empty as Layer.Layer<X>),
    db.layer,
    gateway.layer,
    sequentialIds(),
    inMemoryCatalog([anime, games], [...characters, ...gameCharacters], new Map([["anime", PRICE]])),
    settingsLayer(options.settings),
    Layer.succeed(Clock, Clock.of({ now: () => Effect.sync(() => now) })),
    Layer.succeed(
      Entitlements,
      Entitlements.of({
        subscribedCollections: () =>
          Effect.sync(() => {
            entitlementLookups++
            const slugs = new Set(options.subscribed)
            return new Set([anime, games].filter((c) => slugs.has(c.slug)).map((c) => c.id))
          }),
      }),
    ),
    Layer.succeed(
      PostalCodeLookup,
      PostalCodeLookup.of({
        lookup: () =>
          Effect.succeed({ kind: "found", uf: "SP", city: "São Paulo", street: "", district: "" } as const),
      }),
    ),
    Layer.succeed(
      ShippingQuoteSources,
      ShippingQuoteSources.of({ sources: [{ name: "tabela", quote: () => Effect.succeed(SHIPPING) }] }),
    ),
    Layer.succeed(
      RateLimiter,
      RateLimiter.of({
        hit: (key, max) =>
          Effect.sync(() => {
            hits.set(key, (hits.get(key) ?? 0) + 1)
            return (hits.get(key) ?? 0) <= max
          }),
      }),
    ),
    Layer.succeed(
      PaymentCallbacks,
      PaymentCallbacks.of({
        notificationUrl: "https://loja.example/webhooks/mercadopago",
        returnUrl: (orderId) => `https://loja.example/pedidos/${orderId}`,
      }),
    ),
  )
  type Provided = Layer.Success<typeof layer> | CurrentUser

  const run = <A, E, R extends Provided>(effect: Effect.Effect<A, E, R>, viewer: Viewer | null = ana) =>
    Effect.runPromiseExit(
      effect.pipe(
        Effect.provideService(CurrentUser, CurrentUser.of({ viewer })),
        Effect.provide(layer),
      ) as Effect.Effect<A, E>,
    )
  /** The value, or the test fails with the whole cause. */
  const ok = async <A, E, R extends Provided>(
    effect: Effect.Effect<A, E, R>,
    viewer: Viewer | null = ana,
  ) => {
    const exit = await run(effect, viewer)
    if (Exit.isSuccess(exit)) return exit.value
    throw new Error(`expected success, got ${Cause.pretty(exit.cause)}`)
  }
  /** The expected failure, or the test fails (a success or a defect is not one). */
  const fails = <A, E, R extends Provided>(effect: Effect.Effect<A, E, R>, viewer: Viewer | null = ana) =>
    ok(Effect.flip(effect), viewer)

  return {
    db,
    gateway,
    /** The prepaid plans' rows, seeded like the migration. */
    plans: plans.rows,
    /** How many catalogue changes were announced (each drops every instance's caches). */
    catalogChanges: () => catalogChanges,
    events: db.events,
    eventTypes: () => db.events.map((e) => e.type),
    anime,
    /** November 2026 is the current month in these tests: its character is for sale to anyone. */
    characters,
    /** A second collection, for carts with two numbered editions. */
    gameCharacters,
    now: () => now,
    setNow: (at: number) => {
      now = at
    },
    advance: (ms: number) => {
      now += ms
    },
    hits,
    entitlementLookups: () => entitlementLookups,
    run,
    ok,
    fails,
  }
}

export type OrdersWorld = ReturnType<typeof ordersWorld>

/**
 * The world with Ana ready to check out: `quantity` units of November's character (a numbered edition of
 * `size`, `sold` already sold) in her cart, her address on file, and the coupon BEMVINDO (10%, 5 uses).
 */
export function shopWithCart<X = never>(
  options: WorldOptions<X> & {
    quantity?: number
    size?: number | null
    sold?: number
    coupon?: Partial<StoredCoupon>
  } = { now: 0 },
) {
  const w = ordersWorld<X>(options)
  const product = w.characters[2]
  if (!product) throw new Error("no November character")
  w.db.setStock(product.id, options.size === undefined ? 500 : options.size, { sold: options.sold ?? 0 })
  w.db.setCart(ana.id, [{ productId: product.id, quantity: options.quantity ?? 1 }])
  const address = w.db.addAddress(ana.id, paulista)
  w.db.addCoupon(couponFixture(options.coupon))
  const input = (over: Partial<PlaceOrderInput> = {}): PlaceOrderInput => ({
    addressId: address.id,
    shippingOptionId: "pac",
    couponCode: null,
    idempotencyKey: "key-1",
    cpf: CPF,
    payment: { method: "card", card: visa() },
    ...over,
  })
  return { ...w, product, address, input }
}
