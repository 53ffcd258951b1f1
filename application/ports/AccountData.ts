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

/** Whom to write to about a customer's orders. */
export interface Contact {
  readonly email: string
  readonly name: string
}

export class AccountData extends Context.Service<
  AccountData,
  {
    exportFor(userId: string): Effect.Effect<AccountExport | null>
    /** The customer's e-mail address and name; null when the account no longer exists. */
    contactOf(userId: string): Effect.Effect<Contact | null>
  }
>()("store/application/AccountData") {}
