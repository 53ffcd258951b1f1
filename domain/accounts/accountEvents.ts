import type { EventOf } from "../events"

/**
 * A link that carries a secret (verification or reset token), sealed by the server before it is stored in
 * the outbox, so neither a database dump nor an operator listing events can use it.
 */
export type SealedLink = string & { readonly __sealed: unique symbol }

/** What an account's deletion does to one open order, subscription or trade (the rule is domain/accounts/accountDeletion.ts). */
export type DeletionOutcome =
  | "cancel_unpaid"
  | "cancel_refund"
  | "ships"
  | "end_plan"
  | "cancel_with_plan"
  | "end_subscription"
  | "end_trade"
  | "record_only"

interface Person {
  readonly userId: string
  readonly email: string
  readonly name: string
}

export type AccountEvent =
  | EventOf<"UserRegistered", Person>
  | EventOf<"EmailVerificationRequested", Person & { readonly link: SealedLink }>
  | EventOf<"EmailVerified", Person>
  /** Someone tried to register with an address that already has an account. */
  | EventOf<"SignUpAttemptedOnExistingAccount", Person>
  | EventOf<"PasswordResetRequested", Person & { readonly link: SealedLink }>
  /** `at` is the instant of the change (epoch ms), shown to the owner in São Paulo time. */
  | EventOf<"PasswordChanged", Person & { readonly at: number }>
  /** Only the id: the person asked to be forgotten, so the event keeps nothing about them. */
  | EventOf<"AccountDeleted", { readonly userId: string }>
  /**
   * The last word to a deleted account's address: what its deletion did to each open order and subscription.
   * Its aggregate is not the account (so the forgetting leaves it), and it goes with the outbox's 30-day purge.
   */
  | EventOf<
      "AccountClosed",
      {
        readonly email: string
        readonly name: string
        readonly items: readonly { readonly label: string; readonly outcome: DeletionOutcome }[]
      }
    >
