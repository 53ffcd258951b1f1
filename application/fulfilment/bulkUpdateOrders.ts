import { Effect } from "effect"
import { type BulkRow, parseBulkRows } from "../../domain/fulfilment/bulkRows"
import { markProduced, ship } from "../../domain/fulfilment/fulfilmentState"
import { InvalidInput } from "../errors"
import { FulfilmentStore } from "../ports/FulfilmentStore"
import type { AuditActor } from "../ports/OrderAuditLog"
import { requireOrderManager } from "./actors"
import { runOrderAction } from "./runOrderAction"

export interface BulkInput {
  readonly action: "mark_produced" | "ship"
  /** The upload's confirmation: each row's action key derives from it, so re-sending the file repeats nothing. */
  readonly batchKey: string
  readonly csv: string
  /** For "ship": the carrier and service of every row that names none. */
  readonly carrier: string
  readonly service: string
}

export interface BulkResult {
  readonly line: number
  readonly orderNumber: string
  readonly ok: boolean
  /** "Atualizado", "Já atualizado", or why not (pt-BR). */
  readonly message: string
}

const applyRow = (input: BulkInput, actor: AuditActor, row: BulkRow) =>
  Effect.gen(function* () {
    const orderId = yield* (yield* FulfilmentStore).findByNumber(row.orderNumber)
    if (!orderId) return { ok: false, message: "Pedido não encontrado." }
    const request = { orderId, actionKey: `${input.batchKey}:${row.line}:${row.orderNumber}`, actor }
    const outcome =
      input.action === "mark_produced"
        ? yield* runOrderAction({ ...request, action: "mark_produced" }, (f, { now }) => markProduced(f, now))
        : yield* runOrderAction(
            { ...request, action: "ship", details: { trackingCode: row.trackingCode, bulk: true } },
            (f, { now, newId }) =>
              ship(
                f,
                {
                  shipmentId: newId,
                  carrier: row.carrier ?? input.carrier,
                  service: row.service ?? input.service,
                  trackingCode: row.trackingCode ?? "",
                },
                now,
              ),
          )
    return { ok: true, message: outcome.repeated ? "Já atualizado" : "Atualizado" }
  }).pipe(
    Effect.catchTags({
      FulfilmentRefused: (refused) => Effect.succeed({ ok: false, message: refused.message }),
      OrderNotFound: () => Effect.succeed({ ok: false, message: "Pedido não encontrado." }),
    }),
  )

/**
 * Several orders marked produced or shipped from one file (order number → tracking code). Each row is its own
 * action (one refused row leaves the others done) and gets its own line in the report.
 */
export const bulkUpdateOrders = Effect.fn("Fulfilment.bulkUpdateOrders")(function* (input: BulkInput) {
  const actor = yield* requireOrderManager
  const parsed = parseBulkRows(input.csv)
  if (!parsed.ok) return yield* new InvalidInput({ message: parsed.reason })
  const results: BulkResult[] = []
  for (const row of parsed.rows) {
    const result = yield* applyRow(input, actor, row)
    results.push({ line: row.line, orderNumber: row.orderNumber, ...result })
  }
  return {
    results,
    succeeded: results.filter((r) => r.ok).length,
    failed: results.filter((r) => !r.ok).length,
  }
})
