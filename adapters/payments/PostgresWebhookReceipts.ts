import { Effect, Layer } from "effect"
import { sql } from "kysely"
import { WebhookReceipts } from "../../application/ports/WebhookReceipts"
import { Db } from "../db/DatabaseService"
import { withExecutor } from "../db/transaction"

export const PostgresWebhookReceiptsLayer = Layer.effect(
  WebhookReceipts,
  Effect.gen(function* () {
    const { db } = yield* Db
    return WebhookReceipts.of({
      record: (receipt) =>
        withExecutor(db, async (executor) => {
          const row = {
            topic: receipt.topic,
            data_id: receipt.dataId,
            request_id: receipt.requestId,
            signature_valid: receipt.signatureValid,
            outcome: receipt.outcome,
            reason: receipt.reason,
            received_at: new Date(receipt.receivedAt),
          }
          // The partial unique index on applied deliveries decides a retry; no read-then-write race.
          const inserted = await executor
            .insertInto("webhook_receipts")
            .values(row)
            .onConflict((oc) =>
              oc
                .columns(["topic", "data_id", "request_id"])
                // A literal, not a parameter: PostgreSQL matches a partial index to the predicate at planning
                // time, and a prepared statement's parameter is unknown then.
                .where("outcome", "=", sql.lit("applied"))
                .where("request_id", "is not", null)
                .doNothing(),
            )
            .returning("outcome")
            .executeTakeFirst()
          if (inserted) return inserted.outcome
          await executor
            .insertInto("webhook_receipts")
            .values({ ...row, outcome: "duplicate" })
            .execute()
          return "duplicate" as const
        }),
    })
  }),
)
