import { Effect } from "effect"
import { type PieceCondition, validatePieceNotes } from "../../domain/community/shelf"
import { InvalidInput, ShelfItemNotFound } from "../errors"
import { ShelfStore } from "../ports/ShelfStore"
import { requireCustomer } from "../viewer"

/** The owner of a store piece notes its condition and may offer it for trade ('para troca'). */
export const updateMyPiece = Effect.fn("Community.updateMyPiece")(function* (input: {
  readonly pieceId: string
  readonly condition: PieceCondition
  readonly notes: string
  readonly isForTrade: boolean
}) {
  const actor = yield* requireCustomer
  const store = yield* ShelfStore
  if ((yield* store.pieceHolder(input.pieceId)) !== actor.id) return yield* new ShelfItemNotFound()
  const problem = validatePieceNotes(input.notes)
  if (problem) return yield* new InvalidInput({ message: problem })
  yield* store.updatePiece(input.pieceId, actor.id, {
    condition: input.condition,
    notes: input.notes.trim(),
    isForTrade: input.isForTrade,
  })
})
