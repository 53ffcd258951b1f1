import { Context, type Effect } from "effect"
import type { Address } from "../../domain/orders/address"

export interface SavedAddress extends Address {
  readonly id: string
  readonly isDefault: boolean
}

/** A customer's addresses; every call is scoped to the owner, so one customer never reads another's. */
export class AddressBook extends Context.Service<
  AddressBook,
  {
    list(userId: string): Effect.Effect<readonly SavedAddress[]>
    get(userId: string, addressId: string): Effect.Effect<SavedAddress | null>
    /** Adds (no id) or replaces; the first address, or one marked default, becomes the only default. */
    save(
      userId: string,
      address: Address,
      options: { id?: string; makeDefault: boolean },
    ): Effect.Effect<SavedAddress | null>
    remove(userId: string, addressId: string): Effect.Effect<boolean>
  }
>()("store/application/AddressBook") {}
