import { Context, type Effect } from "effect"
import type { LedgerEntry } from "../../domain/community/ledger"

/**
 * The coins a collector can spend at checkout, kept in the community's points ledger. Joins the ambient unit of
 * work; every write also rewrites the coins the ranking shows, so the figures follow the ledger.
 */
export class CoinWallet extends Context.Service<
  CoinWallet,
  {
    balance(userId: string): Effect.Effect<number>
    /**
     * Records a spending entry (negative coins) if the balance covers it, holding the collector's coins until
     * the commit, so two checkouts at once cannot spend the same coins; false when the balance falls short.
     */
    spend(entry: LedgerEntry): Effect.Effect<boolean>
    /** The order's coin entries (what it spent and what came back), oldest first. */
    orderEntries(userId: string, orderId: string): Effect.Effect<readonly LedgerEntry[]>
    /** Records an entry that gives coins back unless it is already there; true when it was added. */
    give(entry: LedgerEntry): Effect.Effect<boolean>
  }
>()("store/application/CoinWallet") {}
