import { Effect } from "effect"
import { requireStaff } from "../admin/staff"
import { NotSignedIn } from "../errors"
import { CurrentUser } from "../ports/CurrentUser"
import type { AuditActor } from "../ports/OrderAuditLog"

/** An administrator or moderator (permission `manage_orders`); checked here as well as on the procedure. */
export const requireOrderManager = requireStaff("manage_orders")

/** The signed-in customer, acting on their own orders only. */
export const requireCustomer = Effect.gen(function* () {
  const { viewer } = yield* CurrentUser
  if (!viewer) return yield* new NotSignedIn()
  return { kind: "customer", id: viewer.id, email: viewer.email } satisfies AuditActor
})
