import { Context, type Effect } from "effect"
import type { Role } from "../../domain/accounts/roles"
import type { UserSort } from "../../domain/accounts/userAdmin"

/** An account as the users screen and its rules need it (no password, no sessions). */
export interface UserAccount {
  readonly id: string
  readonly email: string
  readonly name: string
  readonly createdAt: number
  readonly emailVerified: boolean
  /** The "user metadata" role of spec 000 §6: what the screen writes, read first by role resolution. */
  readonly metadataRole: string | null
  readonly appRole: string | null
  /** When sign-in was blocked; null while the account may sign in. */
  readonly blockedAt: number | null
}

export interface UserListQuery {
  /** Part of the e-mail or the name, case-insensitive. */
  readonly search?: string
  readonly sort: UserSort
  readonly page: number
  readonly pageSize: number
}

/** The accounts, for the administrators' users screen. */
export class UserAccounts extends Context.Service<
  UserAccounts,
  {
    list(query: UserListQuery): Effect.Effect<{ rows: readonly UserAccount[]; total: number }>
    find(id: string): Effect.Effect<UserAccount | null>
    /**
     * Serialises every role change and block until the unit of work ends, so two administrators demoting each
     * other at once cannot both see another administrator left. Call inside `UnitOfWork.atomically`.
     */
    lockRoles(): Effect.Effect<void>
    /** Unblocked accounts that may resolve to admin: metadata admin, app admin, or an e-mail on `adminEmails`. */
    adminCandidates(adminEmails: readonly string[]): Effect.Effect<readonly UserAccount[]>
    setRole(id: string, role: Role): Effect.Effect<void>
    /** Blocking also ends every session of the account, in the same unit of work. */
    setBlocked(id: string, blockedAt: number | null): Effect.Effect<void>
  }
>()("store/application/UserAccounts") {}
