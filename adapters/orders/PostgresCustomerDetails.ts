import { Effect, Layer } from "effect"
import { CustomerDetails } from "../../application/ports/CustomerDetails"
import { Db } from "../db/DatabaseService"
import { withExecutor } from "../db/transaction"

export const PostgresCustomerDetailsLayer = Layer.effect(
  CustomerDetails,
  Effect.gen(function* () {
    const { db } = yield* Db
    return CustomerDetails.of({
      get: (userId) =>
        withExecutor(db, async (executor) => {
          const row = await executor
            .selectFrom("customer_details")
            .select(["phone", "cpf"])
            .where("user_id", "=", userId)
            .executeTakeFirst()
          return { phone: row?.phone ?? "", cpf: row?.cpf ?? null }
        }),
      save: (userId, details) =>
        withExecutor(db, async (executor) => {
          const values = {
            ...(details.phone !== undefined ? { phone: details.phone } : {}),
            ...(details.cpf !== undefined ? { cpf: details.cpf } : {}),
          }
          await executor
            .insertInto("customer_details")
            .values({ user_id: userId, ...values })
            .onConflict((oc) => oc.column("user_id").doUpdateSet({ ...values, updated_at: new Date() }))
            .execute()
        }),
    })
  }),
)
