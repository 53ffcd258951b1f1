import { requireStaff } from "../admin"

/** An administrator or moderator (permission `manage_orders`); checked here as well as on the procedure. */
export const requireOrderManager = requireStaff("manage_orders")
