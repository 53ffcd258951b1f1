import { Effect } from "effect"
import { editionLimitNote } from "../../domain/editions/editionLimit"
import { EditionLimits } from "../ports/EditionLimits"

/** What the product page says under the buy button about the edition's per-collector limit, if it has one. */
export const editionNote = Effect.fnUntraced(function* (productId: string) {
  const limit = (yield* (yield* EditionLimits).limits([productId])).get(productId) ?? null
  return limit === null ? null : editionLimitNote(limit)
})
