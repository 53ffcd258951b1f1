import { Context, type Effect } from "effect"
import type { UF } from "../../domain/shipping/postal"

export type CepLookup =
  | {
      readonly kind: "found"
      readonly uf: UF
      readonly city: string
      readonly street: string
      readonly district: string
    }
  | { readonly kind: "not_found" }
  | { readonly kind: "unavailable" }

export class PostalCodeLookup extends Context.Service<
  PostalCodeLookup,
  {
    /** Never fails: a network or provider problem answers `{ kind: "unavailable" }`. */
    lookup(cep8: string): Effect.Effect<CepLookup>
  }
>()("store/application/PostalCodeLookup") {}
