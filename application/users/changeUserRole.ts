import { Effect } from "effect"
import type { Role } from "../../domain/accounts/roles"
import { userChangeRefusal } from "../../domain/accounts/userAdmin"
import { recordAdminChange, requireStaff } from "../admin"
import { InvalidInput, UserNotFound } from "../errors"
import { StaffLists } from "../ports/StaffLists"
import { UnitOfWork } from "../ports/UnitOfWork"
import { UserAccounts } from "../ports/UserAccounts"
import { activeAdminIds, auditedUser, userView } from "./userView"

/**
 * Writes the account's metadata role, which role resolution reads first (spec 000 §6), so it holds from the
 * account's next request. Under the roles lock: nobody changes their own role, the last administrator stays.
 */
export const changeUserRole = Effect.fn("Users.changeUserRole")(function* (userId: string, role: Role) {
  const actor = yield* requireStaff("manage_users")
  const lists = yield* (yield* StaffLists).get()
  const accounts = yield* UserAccounts
  return yield* (yield* UnitOfWork).atomically(
    Effect.gen(function* () {
      yield* accounts.lockRoles()
      const target = yield* accounts.find(userId)
      if (!target) return yield* new UserNotFound()
      const admins = activeAdminIds(yield* accounts.adminCandidates(lists.adminEmails), lists)
      const refusal = userChangeRefusal({
        actorId: actor.id,
        targetId: target.id,
        change: { kind: "role", role },
        activeAdminIds: admins,
      })
      if (refusal) return yield* new InvalidInput({ message: refusal })
      yield* accounts.setRole(target.id, role)
      const before = userView(target, lists)
      const after = userView({ ...target, metadataRole: role }, lists)
      yield* recordAdminChange({
        actor,
        subjectType: "user",
        subjectId: target.id,
        subjectLabel: target.email,
        action: "change_role",
        before: auditedUser(before),
        after: auditedUser(after),
      })
      return after
    }),
  )
})
