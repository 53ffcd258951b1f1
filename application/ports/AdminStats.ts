import { Context, type Effect } from "effect"

export interface AdminOverview {
  readonly customers: number
  readonly verifiedCustomers: number
  readonly activeCollections: number
  readonly characters: number
  readonly newsletterSubscribers: number
}

export class AdminStats extends Context.Service<AdminStats, { overview(): Effect.Effect<AdminOverview> }>()(
  "store/application/AdminStats",
) {}
