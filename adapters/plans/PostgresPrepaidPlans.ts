import { Effect, Layer } from "effect"
import type { Selectable } from "kysely"
import { PrepaidPlans } from "../../application/ports/PrepaidPlans"
import { type PrepaidPlan, parseFeatures } from "../../domain/subscriptions/prepaidPlans"
import { allColumns } from "../db/columns"
import { Db } from "../db/DatabaseService"
import type { PrepaidPlansTable } from "../db/tables/plans"
import { withExecutor } from "../db/transaction"

const COLUMNS = allColumns<PrepaidPlansTable>()(
  "id",
  "name",
  "description",
  "price_cents",
  "edition_count",
  "is_active",
  "is_popular",
  "discount_per_box_cents",
  "savings_percentage",
  "features",
  "created_at",
  "updated_at",
)

const toPlan = (row: Selectable<PrepaidPlansTable>): PrepaidPlan => ({
  id: row.id,
  name: row.name,
  description: row.description,
  price: row.price_cents,
  editionCount: row.edition_count,
  isActive: row.is_active,
  isPopular: row.is_popular,
  discountPerBox: row.discount_per_box_cents,
  savingsPercentage: row.savings_percentage,
  features: parseFeatures(row.features),
})

export const PostgresPrepaidPlansLayer = Layer.effect(
  PrepaidPlans,
  Effect.gen(function* () {
    const { db } = yield* Db
    return PrepaidPlans.of({
      list: () =>
        withExecutor(db, async (executor) =>
          (
            await executor
              .selectFrom("prepaid_plans")
              .select(COLUMNS)
              .orderBy("edition_count")
              .orderBy("id")
              .execute()
          ).map(toPlan),
        ),
      find: (id) =>
        withExecutor(db, async (executor) => {
          const row = await executor
            .selectFrom("prepaid_plans")
            .select(COLUMNS)
            .where("id", "=", id)
            .executeTakeFirst()
          return row ? toPlan(row) : null
        }),
      update: (id, plan, at) =>
        withExecutor(db, async (executor) => {
          const row = await executor
            .updateTable("prepaid_plans")
            .set({
              name: plan.name,
              description: plan.description,
              price_cents: plan.price,
              edition_count: plan.editionCount,
              is_active: plan.isActive,
              is_popular: plan.isPopular,
              discount_per_box_cents: plan.discountPerBox,
              savings_percentage: plan.savingsPercentage,
              features: JSON.stringify(plan.features),
              updated_at: new Date(at),
            })
            .where("id", "=", id)
            .returning(COLUMNS)
            .executeTakeFirst()
          return row ? toPlan(row) : null
        }),
    })
  }),
)
