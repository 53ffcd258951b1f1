import { Context, type Effect } from "effect"

/** Fresh identifiers and random bytes, so use cases stay deterministic under test. */
export class Ids extends Context.Service<
  Ids,
  {
    uuid(): Effect.Effect<string>
    randomBytes(length: number): Effect.Effect<Uint8Array>
  }
>()("store/application/Ids") {}
