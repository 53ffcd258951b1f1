import { Effect } from "effect"
import { InvalidInput, OrderNotFound } from "../errors"
import { Clock } from "../ports/Clock"
import { FulfilmentStore } from "../ports/FulfilmentStore"
import { Ids } from "../ports/Ids"
import { OrderAuditLog } from "../ports/OrderAuditLog"
import { OrderNotes } from "../ports/OrderNotes"
import { UnitOfWork } from "../ports/UnitOfWork"
import { requireOrderManager } from "./actors"

export const NOTE_MAX = 2000

/** An internal note on an order (never shown to the customer), written once per action key and audited. */
export const addOrderNote = Effect.fn("Fulfilment.addOrderNote")(function* (input: {
  readonly orderId: string
  readonly actionKey: string
  readonly body: string
}) {
  const actor = yield* requireOrderManager
  const body = input.body.trim()
  if (!body || body.length > NOTE_MAX)
    return yield* new InvalidInput({ message: `Escreva a nota (até ${NOTE_MAX} caracteres).` })
  const ids = yield* Ids
  const audit = yield* OrderAuditLog
  const now = yield* (yield* Clock).now()
  const noteId = yield* ids.uuid()
  const auditId = yield* ids.uuid()
  return yield* (yield* UnitOfWork).atomically(
    Effect.gen(function* () {
      const found = yield* (yield* FulfilmentStore).lock(input.orderId)
      if (!found) return yield* new OrderNotFound()
      if (yield* audit.findByKey(input.actionKey)) return { repeated: true }
      yield* (yield* OrderNotes).add({
        id: noteId,
        orderId: input.orderId,
        authorId: actor.id,
        authorEmail: actor.email,
        body,
        at: now,
      })
      yield* audit.record({
        id: auditId,
        orderId: input.orderId,
        action: "note",
        actor,
        actionKey: input.actionKey,
        details: { noteId },
        at: now,
      })
      return { repeated: false }
    }),
  )
})
