import { Context, type Effect } from "effect"

export interface Details {
  readonly phone: string
  /** 11 digits, or null until the customer gives it. */
  readonly cpf: string | null
}

/** What a customer adds to the account beyond sign-in: phone and CPF (for payments and invoices). */
export class CustomerDetails extends Context.Service<
  CustomerDetails,
  {
    get(userId: string): Effect.Effect<Details>
    save(userId: string, details: Partial<Details>): Effect.Effect<void>
  }
>()("store/application/CustomerDetails") {}
