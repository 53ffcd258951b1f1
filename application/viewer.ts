import { Effect } from "effect"
import { NotSignedIn } from "./errors"
import { CurrentUser } from "./ports/CurrentUser"
import type { AuditActor } from "./ports/OrderAuditLog"

/** The signed-in viewer, or NotSignedIn: the first check of every use case on a customer's own data. */
export const requireViewer = Effect.gen(function* () {
  const { viewer } = yield* CurrentUser
  if (!viewer) return yield* new NotSignedIn()
  return viewer
})

/** The signed-in customer as the actor of an audited change, acting on their own records only. */
export const requireCustomer = Effect.gen(function* () {
  const { viewer } = yield* CurrentUser
  if (!viewer) return yield* new NotSignedIn()
  return { kind: "customer", id: viewer.id, email: viewer.email } satisfies AuditActor
})
