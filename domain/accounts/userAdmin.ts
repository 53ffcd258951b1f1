import { LOGIN_ERRORS } from "./authValidation"
import { isRole, type Role, type RoleLists, resolveRole } from "./roles"

/** Where a user's role comes from, in the order of spec 000 §6; the users screen shows it beside the role. */
export type RoleSource = "metadata" | "admin_list" | "app_metadata" | "moderator_list" | "default"

export const ROLE_SOURCE_LABELS: Readonly<Record<RoleSource, string>> = {
  metadata: "Definido no painel",
  admin_list: "Lista de administradores",
  app_metadata: "Metadados do app",
  moderator_list: "Lista de moderadores",
  default: "Padrão",
}

export interface RoleFacts {
  readonly email: string
  readonly metadataRole: string | null
  readonly appRole: string | null
}

const listed = (email: string, list: readonly string[]) => {
  const wanted = email.trim().toLowerCase()
  return wanted !== "" && list.some((entry) => entry.trim().toLowerCase() === wanted)
}

/** The role as resolveRole gives it, and which step of the order decided it. */
export function roleWithSource(user: RoleFacts, lists: RoleLists): { role: Role; source: RoleSource } {
  const role = resolveRole(user, lists)
  if (isRole(user.metadataRole)) return { role, source: "metadata" }
  if (listed(user.email, lists.adminEmails)) return { role, source: "admin_list" }
  if (user.appRole === "admin" || user.appRole === "moderator") return { role, source: "app_metadata" }
  if (listed(user.email, lists.moderatorEmails)) return { role, source: "moderator_list" }
  return { role, source: "default" }
}

export const USER_ADMIN_MESSAGES = {
  selfRole: "Você não pode alterar o seu próprio papel.",
  selfBlock: "Você não pode bloquear a sua própria conta.",
  lastAdminRole: "Não é possível rebaixar o último administrador da loja.",
  lastAdminBlock: "Não é possível bloquear o último administrador da loja.",
  notFound: "Usuário não encontrado.",
  alreadyVerified: "Este e-mail já foi confirmado.",
  blocked: LOGIN_ERRORS.accountBlocked,
} as const

export type UserChange = { readonly kind: "role"; readonly role: Role } | { readonly kind: "block" }

export interface AdminChangeFacts {
  readonly actorId: string
  readonly targetId: string
  readonly change: UserChange
  /** Ids of the accounts that resolve to admin and are not blocked, read under the roles lock. */
  readonly activeAdminIds: readonly string[]
}

/**
 * The refusal for a role change or a block, or null when allowed: nobody changes their own role or blocks
 * themselves, and the store always keeps one administrator who can sign in (a blocked admin counts as none).
 */
export function userChangeRefusal(facts: AdminChangeFacts): string | null {
  const { actorId, targetId, change, activeAdminIds } = facts
  if (actorId === targetId)
    return change.kind === "role" ? USER_ADMIN_MESSAGES.selfRole : USER_ADMIN_MESSAGES.selfBlock
  const removesAdmin =
    activeAdminIds.includes(targetId) && (change.kind === "block" || change.role !== "admin")
  if (removesAdmin && activeAdminIds.length <= 1)
    return change.kind === "role" ? USER_ADMIN_MESSAGES.lastAdminRole : USER_ADMIN_MESSAGES.lastAdminBlock
  return null
}

export const USER_SORTS = ["created_desc", "created_asc", "email_asc", "name_asc"] as const
export type UserSort = (typeof USER_SORTS)[number]
export const USER_SORT_LABELS: Readonly<Record<UserSort, string>> = {
  created_desc: "Cadastro mais recente",
  created_asc: "Cadastro mais antigo",
  email_asc: "E-mail (A–Z)",
  name_asc: "Nome (A–Z)",
}
