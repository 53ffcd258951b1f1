import { Effect } from "effect"
import { userChangeRefusal } from "../../domain/accounts/userAdmin"
import { recordAdminChange, requireStaff } from "../admin"
import { InvalidInput, UserNotFound } from "../errors"
import { Clock } from "../ports/Clock"
import { StaffLists } from "../ports/StaffLists"
import { UnitOfWork } from "../ports/UnitOfWork"
import { UserAccounts } from "../ports/UserAccounts"
import { activeAdminIds, auditedUser, userView } from "./userView"

/**
 * Blocks or unblocks an account's sign-in. Blocking ends its sessions in the same transaction; nobody blocks
 * themselves, and the last administrator who can sign in is never blocked (checked under the roles lock).
 */
export const setUserBlocked = Effect.fn("Users.setUserBlocked")(function* (userId: string, blocked: boolean) {
  const actor = yield* requireStaff("manage_users")
  const lists = yield* (yield* StaffLists).get()
  const now = yield* (yield* Clock).now()
  const accounts = yield* UserAccounts
  return yield* (yield* UnitOfWork).atomically(
    Effect.gen(function* () {
      yield* accounts.lockRoles()
      const target = yield* accounts.find(userId)
      if (!target) return yield* new UserNotFound()
      if (blocked) {
        const admins = activeAdminIds(yield* accounts.adminCandidates(lists.adminEmails), lists)
        const refusal = userChangeRefusal({
          actorId: actor.id,
          targetId: target.id,
          change: { kind: "block" },
          activeAdminIds: admins,
        })
        if (refusal) return yield* new InvalidInput({ message: refusal })
      }
      const before = userView(target, lists)
      // Blocking an already blocked account keeps its first date.
      const blockedAt = blocked ? (target.blockedAt ?? now) : null
      yield* accounts.setBlocked(target.id, blockedAt)
      const after = userView({ ...target, blockedAt }, lists)
      yield* recordAdminChange({
        actor,
        subjectType: "user",
        subjectId: target.id,
        subjectLabel: target.email,
        action: blocked ? "block_user" : "unblock_user",
        before: auditedUser(before),
        after: auditedUser(after),
      })
      return after
    }),
  )
})
