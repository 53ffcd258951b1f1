import { Context } from "effect"

/** Who the store is to the people it writes to: its name and the address its links point at. */
export class StoreSite extends Context.Service<
  StoreSite,
  { readonly name: string; readonly publicUrl: string }
>()("store/application/StoreSite") {}
