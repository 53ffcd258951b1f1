import { can, DENIAL_MESSAGES, hasAdminAccess } from "../../../../domain/roles"
import { isTrpcError } from "../../../lib/trpc"
import type { RouterContext } from "../../../router"

/**
 * The order pages' loader guard, with the dashboard's texts: null when the viewer manages orders and the data
 * is loaded, else the denial to show. The server decides too: its FORBIDDEN becomes the same text.
 */
export async function ordersAccess(context: RouterContext, load: () => Promise<unknown>) {
  const viewer = await context.trpc.account.me.ensureData()
  if (!viewer || !hasAdminAccess(viewer.role)) return DENIAL_MESSAGES.adminAccess
  if (!can(viewer.role, "manage_orders")) return DENIAL_MESSAGES.permission
  try {
    await load()
    return null
  } catch (error) {
    if (isTrpcError(error) && error.data?.code === "FORBIDDEN") return error.message
    throw error
  }
}
