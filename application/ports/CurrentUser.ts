import { Context } from "effect"
import type { Role } from "../../domain/accounts/roles"

export interface Viewer {
  readonly id: string
  readonly email: string
  readonly name: string
  readonly role: Role
  readonly emailVerified: boolean
}

/** Who is making the request (null for a visitor); provided per request by the server. */
export class CurrentUser extends Context.Service<CurrentUser, { readonly viewer: Viewer | null }>()(
  "store/application/CurrentUser",
) {}
