import { adminAccess } from "../../../lib/adminAccess"
import type { RouterContext } from "../../../router"

/** The order pages' loader guard: null when the viewer manages orders and the data is loaded, else the denial. */
export const ordersAccess = (context: RouterContext, load: () => Promise<unknown>) =>
  adminAccess(context, "manage_orders", load)
