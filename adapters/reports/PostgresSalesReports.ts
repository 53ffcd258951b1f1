import { Effect, Layer } from "effect"
import { type RawBuilder, sql } from "kysely"
import {
  emptySalesBucket,
  type ReportRange,
  type SalesBucket,
  SalesReports,
} from "../../application/ports/SalesReports"
import type { PaymentMethod } from "../../domain/orders/order"
import type { ReportGrouping } from "../../domain/reports"
import { Db, query } from "../db/DatabaseService"

/**
 * Each figure is one grouped query over an indexed range (orders_paid_at_idx; migration 20261127000055 for refunds and subscriptions): nothing is summed in
 * memory but the handful of rows a grouping returns. Sums of int columns are bigint, a string from `pg`:
 * read through Number (a report's total stays far below 2^53 centavos).
 */

/** The bucket's first São Paulo day as "YYYY-MM-DD"; Postgres' weeks start on Monday, like the domain's. */
const bucketOf = (column: RawBuilder<unknown>, grouping: ReportGrouping) =>
  sql<string>`(date_trunc(${grouping}, ${column} at time zone 'America/Sao_Paulo'))::date::text`

/** Paid sales in the range: a subscription's monthly shipment (an order of 0) is counted by its charge. */
const paidSales = (range: ReportRange, alias = "orders") => sql`${sql.ref(`${alias}.status`)} = 'paid'
  and ${sql.ref(`${alias}.paid_at`)} >= ${new Date(range.from)} and ${sql.ref(`${alias}.paid_at`)} < ${new Date(range.to)}
  and ${sql.ref(`${alias}.kind`)} <> 'subscription'`

type Num = number | string

export const PostgresSalesReportsLayer = Layer.effect(
  SalesReports,
  Effect.gen(function* () {
    const { db } = yield* Db
    const rows = <R>(q: RawBuilder<R>) => query(async () => (await q.execute(db)).rows)

    const sales = (range: ReportRange, grouping: ReportGrouping) =>
      query(async () => {
        const from = new Date(range.from)
        const to = new Date(range.to)
        const [orders, charges, refunds] = [
          await sql<{ bucket: string; revenue: Num; orders: number; discount: Num }>`
            select ${bucketOf(sql.ref("paid_at"), grouping)} as bucket, sum(total_cents)::bigint as revenue,
              count(*)::int as orders, sum(discount_cents)::bigint as discount
            from orders where ${paidSales(range)} group by 1`.execute(db),
          await sql<{ bucket: string; revenue: Num; charges: number }>`
            select ${bucketOf(sql.ref("charged_at"), grouping)} as bucket, sum(amount_cents)::bigint as revenue,
              count(*)::int as charges
            from subscription_charges
            where status = 'approved' and charged_at >= ${from} and charged_at < ${to} group by 1`.execute(
            db,
          ),
          await sql<{ bucket: string; refunded: Num }>`
            select ${bucketOf(sql.ref("settled_at"), grouping)} as bucket, sum(amount_cents)::bigint as refunded
            from refunds
            where status = 'completed' and settled_at >= ${from} and settled_at < ${to} group by 1`.execute(
            db,
          ),
        ]
        const buckets = new Map<string, SalesBucket>()
        const at = (bucket: string) => buckets.get(bucket) ?? emptySalesBucket(bucket)
        for (const r of orders.rows)
          buckets.set(r.bucket, {
            ...at(r.bucket),
            orderRevenue: Number(r.revenue),
            orders: r.orders,
            discount: Number(r.discount),
          })
        for (const r of charges.rows)
          buckets.set(r.bucket, {
            ...at(r.bucket),
            subscriptionRevenue: Number(r.revenue),
            charges: r.charges,
          })
        for (const r of refunds.rows) buckets.set(r.bucket, { ...at(r.bucket), refunded: Number(r.refunded) })
        return [...buckets.values()].sort((a, b) => a.bucket.localeCompare(b.bucket))
      })

    return SalesReports.of({
      sales,
      byCollection: (range) =>
        rows(
          sql<{ collectionId: string; collectionName: string; orders: number; units: number; revenue: Num }>`
            select l.collection_id as "collectionId", max(l.collection_name) as "collectionName",
              count(distinct o.id)::int as orders, sum(l.quantity)::int as units,
              sum(l.unit_price_cents::bigint * l.quantity)::bigint as revenue
            from orders o join order_lines l on l.order_id = o.id
            where ${paidSales(range, "o")}
            group by l.collection_id order by 5 desc, 2`,
        ).pipe(Effect.map((found) => found.map((r) => ({ ...r, revenue: Number(r.revenue) })))),
      byPaymentMethod: (range) =>
        rows(
          sql<{ method: PaymentMethod | null; orders: number; revenue: Num }>`
            select a.method, count(*)::int as orders, sum(o.total_cents)::bigint as revenue
            from orders o left join payment_attempts a on a.id = o.paid_attempt_id
            where ${paidSales(range, "o")}
            group by a.method order by 3 desc, 1`,
        ).pipe(Effect.map((found) => found.map((r) => ({ ...r, revenue: Number(r.revenue) })))),
      coupons: (range) =>
        rows(
          sql<{ code: string; uses: number; discount: Num; revenue: Num }>`
            select upper(coupon_code) as code, count(*)::int as uses, sum(discount_cents)::bigint as discount,
              sum(total_cents)::bigint as revenue
            from orders where ${paidSales(range)} and coupon_code is not null
            group by 1 order by 2 desc, 1`,
        ).pipe(
          Effect.map((found) =>
            found.map((r) => ({ ...r, discount: Number(r.discount), revenue: Number(r.revenue) })),
          ),
        ),
      subscriptions: (range) =>
        query(async () => {
          const from = new Date(range.from)
          const to = new Date(range.to)
          const counts = await sql<{ newInPeriod: number; cancelledInPeriod: number }>`
            select
              (select count(*)::int from subscriptions where activated_at >= ${from} and activated_at < ${to})
                as "newInPeriod",
              (select count(*)::int from subscriptions where cancelled_at >= ${from} and cancelled_at < ${to})
                as "cancelledInPeriod"`.execute(db)
          const active = await sql<{ frequencyMonths: number; subscriptions: number; amount: Num }>`
            select frequency_months as "frequencyMonths", count(*)::int as subscriptions,
              sum(amount_cents)::bigint as amount
            from subscriptions where status = 'active' group by 1 order by 1`.execute(db)
          const recurring = active.rows.map((r) => ({ ...r, amount: Number(r.amount) }))
          return {
            active: recurring.reduce((n, g) => n + g.subscriptions, 0),
            newInPeriod: counts.rows[0]?.newInPeriod ?? 0,
            cancelledInPeriod: counts.rows[0]?.cancelledInPeriod ?? 0,
            recurring,
          }
        }),
    })
  }),
)
