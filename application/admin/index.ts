/** The admin module's front door: what other modules and the server use of it. */
export { browseAudit } from "./browseAudit"
export { getAdminOverview } from "./getAdminOverview"
export { recordAdminChange } from "./recordChange"
export { requireStaff } from "./staff"
