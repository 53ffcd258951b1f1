import { Context, type Effect } from "effect"
import type { Cents } from "../../domain/money"

export interface AdminOverview {
  /** Paid orders' totals since the month began (São Paulo), and how many. */
  readonly revenueThisMonth: Cents
  readonly paidOrdersThisMonth: number
  /** Paid orders waiting for production to start or to be shipped, plus open return or damage requests. */
  readonly ordersAwaitingAction: number
  /** Customers with an active subscription or prepaid plan (decision 6). */
  readonly activeSubscribers: number
  readonly newCustomersThisMonth: number
  readonly customers: number
  readonly verifiedCustomers: number
  readonly activeCollections: number
  readonly characters: number
  readonly newsletterSubscribers: number
}

export class AdminStats extends Context.Service<
  AdminStats,
  { overview(window: { monthStart: number; now: number }): Effect.Effect<AdminOverview> }
>()("store/application/AdminStats") {}
