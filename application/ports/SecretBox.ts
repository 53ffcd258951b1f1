import { Context, Data, type Effect } from "effect"
import type { SealedLink } from "../../domain/accountEvents"

export class SealBroken extends Data.TaggedError("SealBroken") {}

/** Seals links that carry a secret before they are stored (encrypted and authenticated with the server's key). */
export class SecretBox extends Context.Service<
  SecretBox,
  {
    seal(link: string): SealedLink
    open(sealed: SealedLink): Effect.Effect<string, SealBroken>
  }
>()("store/application/SecretBox") {}
