import { Context, type Effect } from "effect"
import type { Cents } from "../../domain/money"
import type { PaymentMethod } from "../../domain/orders/order"
import type { RecurringGroup, ReportGrouping } from "../../domain/reports"

/** Instants, epoch ms: `from` included, `to` excluded (the midnight after the period's last São Paulo day). */
export interface ReportRange {
  readonly from: number
  readonly to: number
}

/**
 * One bucket of the sales series; only buckets with something in them (the use case fills the gaps). Orders are
 * paid sales (purchases and prepaid plans); a subscription's monthly shipment is an order of 0 whose money is
 * the approved charge, counted apart.
 */
export interface SalesBucket {
  /** "YYYY-MM-DD", the bucket's first São Paulo day. */
  readonly bucket: string
  readonly orderRevenue: Cents
  readonly orders: number
  readonly discount: Cents
  readonly subscriptionRevenue: Cents
  readonly charges: number
  /** Refunds completed in the bucket, whatever month the order was paid in. */
  readonly refunded: Cents
}

export interface CollectionSales {
  readonly collectionId: string
  readonly collectionName: string
  readonly orders: number
  readonly units: number
  /** Unit price × quantity of its lines, before the order's discount and shipping. */
  readonly revenue: Cents
}

export interface MethodSales {
  /** The paid attempt's method; null for an order that needed no payment (a 100% coupon). */
  readonly method: PaymentMethod | null
  readonly orders: number
  readonly revenue: Cents
}

export interface CouponPerformance {
  readonly code: string
  readonly uses: number
  readonly discount: Cents
  /** What the orders with this coupon were paid, after the discount. */
  readonly revenue: Cents
}

export interface SubscriptionFigures {
  /** Active at the moment the report was read. */
  readonly active: number
  readonly newInPeriod: number
  readonly cancelledInPeriod: number
  /** The active ones per charging frequency, for the monthly recurring revenue rule. */
  readonly recurring: readonly RecurringGroup[]
}

/** The report figures, each computed by one grouped, indexed query. */
export class SalesReports extends Context.Service<
  SalesReports,
  {
    sales(range: ReportRange, grouping: ReportGrouping): Effect.Effect<readonly SalesBucket[]>
    byCollection(range: ReportRange): Effect.Effect<readonly CollectionSales[]>
    byPaymentMethod(range: ReportRange): Effect.Effect<readonly MethodSales[]>
    coupons(range: ReportRange): Effect.Effect<readonly CouponPerformance[]>
    subscriptions(range: ReportRange): Effect.Effect<SubscriptionFigures>
  }
>()("store/application/SalesReports") {}

/** A bucket with nothing in it: the adapter's starting row and the use case's gap. */
export const emptySalesBucket = (bucket: string): SalesBucket => ({
  bucket,
  orderRevenue: 0,
  orders: 0,
  discount: 0,
  subscriptionRevenue: 0,
  charges: 0,
  refunded: 0,
})
