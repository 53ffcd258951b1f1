import { Context, type Effect } from "effect"

/** The password side of accounts: checking a password, and the throttle on wrong ones. */
export class Credentials extends Context.Service<
  Credentials,
  {
    /** Whether `password` is the account's; false for accounts without a password (Google only). */
    verifyPassword(userId: string, password: string): Effect.Effect<boolean>
    /** Too many wrong passwords for this account from this address lately. */
    isThrottled(email: string, address: string): Effect.Effect<boolean>
    recordWrongPassword(email: string, address: string): Effect.Effect<void>
  }
>()("store/application/Credentials") {}
