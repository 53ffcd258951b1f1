import { Effect } from "effect"
import { can } from "../../domain/roles"
import { Forbidden, NotSignedIn } from "../errors"
import { CurrentUser } from "../ports/CurrentUser"
import type { AuditActor } from "../ports/OrderAuditLog"

/** An administrator or moderator (permission `manage_orders`); checked here as well as on the procedure. */
export const requireOrderManager = Effect.gen(function* () {
  const { viewer } = yield* CurrentUser
  if (!viewer) return yield* new NotSignedIn()
  if (!can(viewer.role, "manage_orders")) return yield* new Forbidden({ permission: "manage_orders" })
  return { kind: "admin", id: viewer.id, email: viewer.email } satisfies AuditActor
})

/** The signed-in customer, acting on their own orders only. */
export const requireCustomer = Effect.gen(function* () {
  const { viewer } = yield* CurrentUser
  if (!viewer) return yield* new NotSignedIn()
  return { kind: "customer", id: viewer.id, email: viewer.email } satisfies AuditActor
})
