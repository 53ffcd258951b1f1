import type { Role } from "./role"

// The role type and the administrator test (all the header needs) live in ./role, in the browser's shell.
export { isAdmin, type Role } from "./role"

export type Permission =
  | "access_admin"
  | "manage_collections"
  | "manage_orders"
  | "view_analytics"
  | "manage_users"
  | "manage_settings"
  | "answer_support"

export interface RoleInput {
  email: string
  metadataRole?: string | null
  appRole?: string | null
}

export interface RoleLists {
  adminEmails: readonly string[]
  moderatorEmails: readonly string[]
}

export const ROLES: readonly Role[] = ["admin", "moderator", "user"]

export const ROLE_LABELS: Readonly<Record<Role, string>> = {
  admin: "Administrador",
  moderator: "Moderador",
  user: "Cliente",
}

export const DENIAL_MESSAGES = {
  adminOnly: "Acesso negado. Esta área requer permissões de administrador.",
  adminAccess: "Acesso negado. Esta área requer permissões administrativas.",
  permission: "Acesso negado. Você não tem permissão para acessar esta funcionalidade.",
  permissions: "Acesso negado. Você não tem as permissões necessárias para acessar esta funcionalidade.",
} as const

export const PERMISSIONS: Readonly<Record<Role, ReadonlySet<Permission>>> = {
  admin: new Set<Permission>([
    "access_admin",
    "manage_collections",
    "manage_orders",
    "view_analytics",
    "manage_users",
    "manage_settings",
    "answer_support",
  ]),
  moderator: new Set<Permission>([
    "access_admin",
    "manage_collections",
    "manage_orders",
    "view_analytics",
    "answer_support",
  ]),
  user: new Set<Permission>(),
}

export function isRole(value: unknown): value is Role {
  return value === "admin" || value === "moderator" || value === "user"
}

function normalizeEmail(email: string): string {
  return email.trim().toLowerCase()
}

function isListed(email: string, list: readonly string[]): boolean {
  const wanted = normalizeEmail(email)
  // An empty address must never match a blank entry left in a misconfigured list.
  if (wanted === "") return false
  return list.some((entry) => normalizeEmail(entry) === wanted)
}

/**
 * User metadata wins even over the admin list so that an explicit demotion ("user") sticks;
 * app metadata can only elevate, which is why its "user" is ignored.
 */
export function resolveRole(input: RoleInput, lists: RoleLists): Role {
  if (isRole(input.metadataRole)) return input.metadataRole
  if (isListed(input.email, lists.adminEmails)) return "admin"
  if (input.appRole === "admin" || input.appRole === "moderator") return input.appRole
  if (isListed(input.email, lists.moderatorEmails)) return "moderator"
  return "user"
}

/**
 * Metadata may be malformed; when it cannot be read, only the admin list is trusted, so a
 * configured admin is never locked out and nobody else is elevated by accident.
 */
export function resolveRoleSafely(read: () => RoleInput, lists: RoleLists, fallbackEmail?: string): Role {
  let input: RoleInput
  try {
    input = read()
  } catch {
    return fallbackEmail !== undefined && isListed(fallbackEmail, lists.adminEmails) ? "admin" : "user"
  }
  return resolveRole(input, lists)
}

export function can(role: Role, permission: Permission): boolean {
  return PERMISSIONS[role].has(permission)
}

export function canAny(role: Role, permissions: readonly Permission[]): boolean {
  return permissions.some((permission) => can(role, permission))
}

export function canAll(role: Role, permissions: readonly Permission[]): boolean {
  return permissions.every((permission) => can(role, permission))
}

export function hasAdminAccess(role: Role): boolean {
  return can(role, "access_admin")
}
