import { describe, expect, it, vi } from "vitest"
import {
  can,
  canAll,
  canAny,
  DENIAL_MESSAGES,
  hasAdminAccess,
  isAdmin,
  isRole,
  PERMISSIONS,
  type Permission,
  ROLE_LABELS,
  type Role,
  type RoleInput,
  type RoleLists,
  resolveRole,
  resolveRoleSafely,
} from "./roles"

const lists: RoleLists = {
  adminEmails: ["boss@loja.com.br", "  Root@Loja.com.br "],
  moderatorEmails: ["mod@loja.com.br", "BOSS2@loja.com.br"],
}

const ALL_PERMISSIONS: readonly Permission[] = [
  "access_admin",
  "manage_collections",
  "manage_orders",
  "view_analytics",
  "manage_users",
  "manage_settings",
  "answer_support",
]

describe("resolveRole", () => {
  it.each<[string, RoleInput, Role]>([
    // (1) user metadata
    ["metadata admin", { email: "x@y.com", metadataRole: "admin" }, "admin"],
    ["metadata moderator", { email: "x@y.com", metadataRole: "moderator" }, "moderator"],
    ["metadata user", { email: "x@y.com", metadataRole: "user" }, "user"],
    ["metadata 'user' beats the admin list", { email: "boss@loja.com.br", metadataRole: "user" }, "user"],
    [
      "metadata 'moderator' beats the admin list",
      { email: "boss@loja.com.br", metadataRole: "moderator" },
      "moderator",
    ],
    ["metadata beats app role", { email: "x@y.com", metadataRole: "user", appRole: "admin" }, "user"],
    ["invalid metadata falls through to user", { email: "x@y.com", metadataRole: "superuser" }, "user"],
    [
      "metadata is case-sensitive, 'Admin' falls through",
      { email: "x@y.com", metadataRole: "Admin", appRole: "moderator" },
      "moderator",
    ],
    [
      "invalid metadata falls through to admin list",
      { email: "boss@loja.com.br", metadataRole: "" },
      "admin",
    ],
    ["null metadata falls through", { email: "boss@loja.com.br", metadataRole: null }, "admin"],
    // (2) admin list
    ["admin list", { email: "boss@loja.com.br" }, "admin"],
    ["admin list, case-insensitive e-mail", { email: "BOSS@Loja.COM.BR" }, "admin"],
    ["admin list, trimmed e-mail", { email: "  boss@loja.com.br\t" }, "admin"],
    ["admin list, entry itself padded and mixed-case", { email: "root@loja.com.br" }, "admin"],
    ["admin list beats app role moderator", { email: "boss@loja.com.br", appRole: "moderator" }, "admin"],
    ["admin list beats app role user", { email: "boss@loja.com.br", appRole: "user" }, "admin"],
    // (3) app metadata
    ["app role admin", { email: "x@y.com", appRole: "admin" }, "admin"],
    ["app role moderator", { email: "x@y.com", appRole: "moderator" }, "moderator"],
    ["app role admin beats moderator list", { email: "mod@loja.com.br", appRole: "admin" }, "admin"],
    ["app role 'user' is ignored", { email: "mod@loja.com.br", appRole: "user" }, "moderator"],
    ["app role 'user' alone gives user", { email: "x@y.com", appRole: "user" }, "user"],
    ["unknown app role is ignored", { email: "mod@loja.com.br", appRole: "owner" }, "moderator"],
    ["null app role is ignored", { email: "x@y.com", appRole: null }, "user"],
    // (4) moderator list
    ["moderator list", { email: "mod@loja.com.br" }, "moderator"],
    ["moderator list, case-insensitive and trimmed", { email: " MOD@LOJA.com.br " }, "moderator"],
    ["moderator list entry in upper case", { email: "boss2@loja.com.br" }, "moderator"],
    // (5) default
    ["nobody special", { email: "cliente@gmail.com" }, "user"],
    ["empty e-mail", { email: "" }, "user"],
    ["near-miss e-mail is not listed", { email: "boss@loja.com" }, "user"],
  ])("%s", (_name, input, expected) => {
    expect(resolveRole(input, lists)).toBe(expected)
  })

  it("an empty e-mail does not match a blank list entry", () => {
    expect(resolveRole({ email: "  " }, { adminEmails: [""], moderatorEmails: [" "] })).toBe("user")
  })

  it("empty lists leave only metadata", () => {
    const empty: RoleLists = { adminEmails: [], moderatorEmails: [] }
    expect(resolveRole({ email: "boss@loja.com.br" }, empty)).toBe("user")
    expect(resolveRole({ email: "boss@loja.com.br", appRole: "moderator" }, empty)).toBe("moderator")
  })
})

describe("resolveRoleSafely", () => {
  const failing = () => {
    throw new Error("metadata corrompido")
  }

  it.each<[string, string | undefined, Role]>([
    ["fallback e-mail on admin list", "boss@loja.com.br", "admin"],
    ["fallback e-mail on admin list, case and spaces differ", " BOSS@loja.com.br ", "admin"],
    ["fallback e-mail only on moderator list", "mod@loja.com.br", "user"],
    ["unknown fallback e-mail", "cliente@gmail.com", "user"],
    ["no fallback e-mail", undefined, "user"],
    ["empty fallback e-mail", "", "user"],
  ])("read throws, %s → %s", (_name, fallbackEmail, expected) => {
    expect(resolveRoleSafely(failing, lists, fallbackEmail)).toBe(expected)
  })

  it.each<[RoleInput, string | undefined, Role]>([
    [{ email: "mod@loja.com.br" }, undefined, "moderator"],
    [{ email: "x@y.com", metadataRole: "admin" }, undefined, "admin"],
    // The fallback is only for failures; a successful read is authoritative.
    [{ email: "x@y.com" }, "boss@loja.com.br", "user"],
    [{ email: "boss@loja.com.br", metadataRole: "user" }, "boss@loja.com.br", "user"],
  ])("read succeeds %o (fallback %o) → %s", (input, fallbackEmail, expected) => {
    const read = vi.fn(() => input)
    expect(resolveRoleSafely(read, lists, fallbackEmail)).toBe(expected)
    expect(read).toHaveBeenCalledTimes(1)
  })
})

describe("isRole", () => {
  it.each([
    ["admin", true],
    ["moderator", true],
    ["user", true],
    ["Admin", false],
    ["", false],
    [null, false],
    [undefined, false],
    [1, false],
  ])("%o → %o", (value, expected) => {
    expect(isRole(value)).toBe(expected)
  })
})

describe("permission table", () => {
  const table: [Role, Permission, boolean][] = [
    ["admin", "access_admin", true],
    ["admin", "manage_collections", true],
    ["admin", "manage_orders", true],
    ["admin", "view_analytics", true],
    ["admin", "manage_users", true],
    ["admin", "manage_settings", true],
    ["admin", "answer_support", true],
    ["moderator", "access_admin", true],
    ["moderator", "manage_collections", true],
    ["moderator", "manage_orders", true],
    ["moderator", "view_analytics", true],
    ["moderator", "manage_users", false],
    ["moderator", "manage_settings", false],
    ["moderator", "answer_support", true],
    ["user", "access_admin", false],
    ["user", "manage_collections", false],
    ["user", "manage_orders", false],
    ["user", "view_analytics", false],
    ["user", "manage_users", false],
    ["user", "manage_settings", false],
    ["user", "answer_support", false],
  ]

  it.each(table)("can(%s, %s) → %o", (role, permission, expected) => {
    expect(can(role, permission)).toBe(expected)
    expect(PERMISSIONS[role].has(permission)).toBe(expected)
  })

  it("the table covers every role × permission pair", () => {
    expect(table).toHaveLength(3 * ALL_PERMISSIONS.length)
    expect(PERMISSIONS.admin.size).toBe(7)
    expect(PERMISSIONS.moderator.size).toBe(5)
    expect(PERMISSIONS.user.size).toBe(0)
  })
})

describe("canAny / canAll", () => {
  it.each<[Role, Permission[], boolean, boolean]>([
    ["admin", ["manage_users", "manage_settings"], true, true],
    ["admin", [], false, true],
    ["moderator", ["manage_orders", "manage_users"], true, false],
    ["moderator", ["manage_orders", "view_analytics"], true, true],
    ["moderator", ["manage_users", "manage_settings"], false, false],
    ["moderator", [], false, true],
    ["user", ["access_admin"], false, false],
    ["user", [...ALL_PERMISSIONS], false, false],
    ["user", [], false, true],
  ])("%s %o → any %o, all %o", (role, permissions, any, all) => {
    expect(canAny(role, permissions)).toBe(any)
    expect(canAll(role, permissions)).toBe(all)
  })
})

describe("isAdmin / hasAdminAccess", () => {
  it.each<[Role, boolean, boolean]>([
    ["admin", true, true],
    ["moderator", false, true],
    ["user", false, false],
  ])("%s → isAdmin %o, hasAdminAccess %o", (role, admin, access) => {
    expect(isAdmin(role)).toBe(admin)
    expect(hasAdminAccess(role)).toBe(access)
  })
})

describe("pt-BR text", () => {
  it.each<[Role, string]>([
    ["admin", "Administrador"],
    ["moderator", "Moderador"],
    ["user", "Cliente"],
  ])("ROLE_LABELS.%s → %s", (role, label) => {
    expect(ROLE_LABELS[role]).toBe(label)
  })

  it.each<[keyof typeof DENIAL_MESSAGES, string]>([
    ["adminOnly", "Acesso negado. Esta área requer permissões de administrador."],
    ["adminAccess", "Acesso negado. Esta área requer permissões administrativas."],
    ["permission", "Acesso negado. Você não tem permissão para acessar esta funcionalidade."],
    [
      "permissions",
      "Acesso negado. Você não tem as permissões necessárias para acessar esta funcionalidade.",
    ],
  ])("DENIAL_MESSAGES.%s", (key, message) => {
    expect(DENIAL_MESSAGES[key]).toBe(message)
  })
})
