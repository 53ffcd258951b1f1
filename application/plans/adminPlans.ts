import { Data, Effect } from "effect"
import { fieldChanges } from "../../domain/audit"
import {
  isPeriodKey,
  type PlanEdit,
  type PrepaidPlan,
  planSavings,
  validatePlanEdit,
} from "../../domain/subscriptions/prepaidPlans"
import { requireStaff } from "../admin"
import { InvalidInput, PlanNotFound } from "../errors"
import { CatalogChanges } from "../ports/CatalogChanges"
import { Clock } from "../ports/Clock"
import { Ids } from "../ports/Ids"
import { OrderAuditLog } from "../ports/OrderAuditLog"
import { PrepaidPlans } from "../ports/PrepaidPlans"
import { UnitOfWork } from "../ports/UnitOfWork"

class RepeatedAction extends Data.TaggedError("RepeatedAction") {}

/** Plans belong to the catalogue: whoever may manage collections may edit them (checked here and on the procedure). */
const requirePlanManager = requireStaff("manage_collections")

/** A plan as the admin card shows it, with its savings against R$ 299,90 × edition count. */
export const adminPlanView = (plan: PrepaidPlan) => ({ ...plan, ...planSavingsView(plan) })
const planSavingsView = (plan: PrepaidPlan) => {
  const { reference, savings, percent } = planSavings(plan.price, plan.editionCount)
  return { referenceTotal: reference, savings, savingsPercent: percent }
}

/** Spec 002 §7: every plan, active or not, by edition count. */
export const listAdminPlans = Effect.fn("Plans.listAdminPlans")(function* () {
  yield* requirePlanManager
  return (yield* (yield* PrepaidPlans).list()).map(adminPlanView)
})

/**
 * Saves an administrator's edit of a plan card, validated by the same rules as the screen; the change is in the
 * audit log and every instance's catalogue and page caches drop what they kept, in the same transaction.
 */
export const updatePlan = Effect.fn("Plans.updatePlan")(function* (
  id: string,
  edit: PlanEdit,
  actionKey: string,
) {
  const actor = yield* requirePlanManager
  if (!isPeriodKey(id)) return yield* new PlanNotFound()
  const checked = validatePlanEdit(edit)
  if (!checked.ok) return yield* new InvalidInput({ message: checked.message })
  const now = yield* (yield* Clock).now()
  const auditId = yield* (yield* Ids).uuid()
  const plans = yield* PrepaidPlans
  const audit = yield* OrderAuditLog
  const saved = yield* (yield* UnitOfWork)
    .atomically(
      Effect.gen(function* () {
        const before = yield* plans.find(id)
        if (!before) return yield* new PlanNotFound()
        const after = yield* plans.update(id, checked.plan, now)
        if (!after) return yield* new PlanNotFound()
        const entry = { id: auditId, planId: id, action: "update_plan", actor, actionKey, at: now }
        // The key was used: this is a repeated request, and the change it asked for is already made.
        if (!(yield* audit.recordPlanChange({ ...entry, details: fieldChanges(before, after) })))
          return yield* new RepeatedAction()
        yield* (yield* CatalogChanges).announce()
        return after
      }),
    )
    .pipe(
      Effect.catchTag("RepeatedAction", () =>
        plans.find(id).pipe(Effect.flatMap((plan) => (plan ? Effect.succeed(plan) : new PlanNotFound()))),
      ),
    )
  return adminPlanView(saved)
})
