import { randomBytes, randomUUID } from "node:crypto"
import { Effect, Layer } from "effect"
import { Ids } from "../../application/ports/Ids"

export const CryptoIdsLayer = Layer.succeed(
  Ids,
  Ids.of({
    uuid: () => Effect.sync(() => randomUUID()),
    randomBytes: (length) => Effect.sync(() => new Uint8Array(randomBytes(length))),
  }),
)
