import { can, DENIAL_MESSAGES, hasAdminAccess, type Permission } from "../../domain/accounts/roles"
import type { RouterContext } from "../router"
import { isTrpcError } from "./trpc"

/**
 * An admin page's loader guard, with the spec's denial texts (000 §8): null when the viewer holds `permission`
 * and `load` (the page's queries, warmed for the server render) succeeded, else the text to show. The server
 * decides too: its FORBIDDEN becomes the same text.
 */
export async function adminAccess(
  context: RouterContext,
  permission: Permission,
  load: () => Promise<unknown> = () => Promise.resolve(),
): Promise<string | null> {
  const viewer = await context.trpc.account.me.ensureData()
  if (!viewer || !hasAdminAccess(viewer.role)) return DENIAL_MESSAGES.adminAccess
  if (!can(viewer.role, permission)) return DENIAL_MESSAGES.permission
  try {
    await load()
    return null
  } catch (error) {
    if (isTrpcError(error) && error.data?.code === "FORBIDDEN") return error.message
    throw error
  }
}
