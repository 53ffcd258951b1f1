/** The plans module's front door: what other modules and the server use of it. */
export { listAdminPlans, updatePlan } from "./adminPlans"
export { heldMonths, planStart } from "./heldMonths"
export { listOfferedPlans } from "./listOfferedPlans"
export type { PlanChoice } from "./planForCollection"
export { checkoutPlan, planForCollection } from "./planForCollection"
