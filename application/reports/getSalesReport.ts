import { Effect } from "effect"
import { averageTicket, fillGaps, monthlyRecurringRevenue } from "../../domain/reports"
import { requireStaff } from "../admin"
import { emptySalesBucket, SalesReports } from "../ports/SalesReports"
import { type ReportQuery, readReportQuery } from "./reportQuery"

/**
 * Every report of /admin/reports for one period and grouping (staff with `view_analytics`). Revenue is paid
 * orders' totals (by payment time) plus approved subscription charges; net revenue takes out the refunds
 * completed in the period; the average ticket is orders' revenue ÷ paid orders (charges are not orders).
 */
export const getSalesReport = Effect.fn("Reports.getSalesReport")(function* (input: ReportQuery) {
  yield* requireStaff("view_analytics")
  const { first, last, range, buckets } = yield* readReportQuery(input)
  const reports = yield* SalesReports
  const found = yield* reports.sales(range, input.grouping)
  const collections = yield* reports.byCollection(range)
  const methods = yield* reports.byPaymentMethod(range)
  const coupons = yield* reports.coupons(range)
  const subscriptions = yield* reports.subscriptions(range)

  const series = fillGaps(buckets, found, emptySalesBucket)
  const sum = (pick: (row: (typeof series)[number]) => number) => series.reduce((n, row) => n + pick(row), 0)
  const orderRevenue = sum((r) => r.orderRevenue)
  const orders = sum((r) => r.orders)
  const revenue = orderRevenue + sum((r) => r.subscriptionRevenue)
  const refunded = sum((r) => r.refunded)
  return {
    period: { first, last, preset: input.preset, grouping: input.grouping },
    totals: {
      revenue,
      orderRevenue,
      subscriptionRevenue: revenue - orderRevenue,
      orders,
      charges: sum((r) => r.charges),
      discount: sum((r) => r.discount),
      averageTicket: averageTicket(orderRevenue, orders),
      refunded,
      netRevenue: revenue - refunded,
    },
    series,
    collections,
    methods,
    coupons,
    subscriptions: {
      ...subscriptions,
      monthlyRecurringRevenue: monthlyRecurringRevenue(subscriptions.recurring),
    },
  }
})

export type SalesReport = Effect.Success<ReturnType<typeof getSalesReport>>
