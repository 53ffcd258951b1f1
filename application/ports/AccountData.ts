import { Context, type Effect } from "effect"

/** Everything the store keeps about one customer, for the LGPD export (no secrets: no tokens, no hashes). */
export interface AccountExport {
  readonly profile: { id: string; name: string; email: string; emailVerified: boolean; createdAt: string }
  readonly signInMethods: readonly { provider: string; createdAt: string }[]
  readonly sessions: readonly {
    createdAt: string
    expiresAt: string
    ipAddress: string | null
    userAgent: string | null
  }[]
  readonly newsletter: { subscribedAt: string } | null
}

export class AccountData extends Context.Service<
  AccountData,
  {
    exportFor(userId: string): Effect.Effect<AccountExport | null>
  }
>()("store/application/AccountData") {}
