/**
 * A user's role, and the test the header makes on every page (the admin badge and link). The permissions, their
 * labels and denial messages are in ./roles: imported by the browser's shell, that table came along with it.
 */
export type Role = "admin" | "moderator" | "user"

export function isAdmin(role: Role): boolean {
  return role === "admin"
}
