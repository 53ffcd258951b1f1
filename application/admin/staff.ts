import { Effect } from "effect"
import { can, type Permission } from "../../domain/accounts/roles"
import { Forbidden, NotSignedIn } from "../errors"
import { CurrentUser } from "../ports/CurrentUser"
import type { AuditActor } from "../ports/OrderAuditLog"

/**
 * The signed-in staff member holding `permission` (spec 000 §6), as the audit log names them. Every admin use
 * case starts here, even behind a procedure that checked the same: the use case is the rule, the procedure the
 * door.
 */
export const requireStaff = (permission: Permission) =>
  Effect.gen(function* () {
    const { viewer } = yield* CurrentUser
    if (!viewer) return yield* new NotSignedIn()
    if (!can(viewer.role, permission)) return yield* new Forbidden({ permission })
    return { kind: "admin", id: viewer.id, email: viewer.email } satisfies AuditActor
  })
