import { Effect } from "effect"
import { can } from "../../domain/roles"
import { Forbidden, NotSignedIn } from "../errors"
import { AdminStats } from "../ports/AdminStats"
import { CurrentUser } from "../ports/CurrentUser"

/** Figures of the admin dashboard; staff only (the access_admin permission). */
export const getAdminOverview = Effect.fn("Admin.getAdminOverview")(function* () {
  const { viewer } = yield* CurrentUser
  if (!viewer) return yield* new NotSignedIn()
  if (!can(viewer.role, "access_admin")) return yield* new Forbidden({ permission: "access_admin" })
  return yield* (yield* AdminStats).overview()
})
