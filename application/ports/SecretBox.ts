import { Context, Data, type Effect } from "effect"
import type { SealedLink } from "../../domain/accounts/accountEvents"

/** The key changed (AUTH_SECRET rotated) or the text was altered: retrying cannot help. */
export class SealBroken extends Data.TaggedError("SealBroken") {
  readonly permanent = true
}

/** Seals links that carry a secret before they are stored (encrypted and authenticated with the server's key). */
export class SecretBox extends Context.Service<
  SecretBox,
  {
    seal(link: string): SealedLink
    open(sealed: SealedLink): Effect.Effect<string, SealBroken>
  }
>()("store/application/SecretBox") {}
