import type { RoleLists } from "../../domain/accounts/roles"
import { roleWithSource } from "../../domain/accounts/userAdmin"
import type { UserAccount } from "../ports/UserAccounts"

/** A row of the users screen: the resolved role and which rule gave it; never a password or a session. */
export const userView = (account: UserAccount, lists: RoleLists) => {
  const { role, source } = roleWithSource(account, lists)
  return {
    id: account.id,
    email: account.email,
    name: account.name,
    createdAt: account.createdAt,
    emailVerified: account.emailVerified,
    blocked: account.blockedAt !== null,
    role,
    roleSource: source,
  }
}

export type UserView = ReturnType<typeof userView>

/** Ids of the unblocked accounts whose role resolves to admin under `lists`. */
export const activeAdminIds = (candidates: readonly UserAccount[], lists: RoleLists) =>
  candidates.filter((a) => a.blockedAt === null && userView(a, lists).role === "admin").map((a) => a.id)

/** What the change log keeps of an account: role and block, never more personal data than the e-mail label. */
export const auditedUser = (view: UserView) => ({
  role: view.role,
  roleSource: view.roleSource,
  blocked: view.blocked,
})
