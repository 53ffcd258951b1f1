import { getAdminOverview } from "../../../application/admin/getAdminOverview"
import { router } from "../init"
import { permissionProcedure } from "../procedures"
import { adminAuditRouter } from "./auditRouter"
import { eventsRouter } from "./eventsRouter"
import { adminOrdersRouter } from "./ordersRouter"
import { adminPlansRouter } from "./plansRouter"
import { adminSettingsRouter } from "./settingsRouter"
import { adminUsersRouter } from "./usersRouter"

export const adminRouter = router({
  overview: permissionProcedure("access_admin").query(({ ctx }) => ctx.run(getAdminOverview())),
  audit: adminAuditRouter,
  events: eventsRouter,
  orders: adminOrdersRouter,
  plans: adminPlansRouter,
  settings: adminSettingsRouter,
  users: adminUsersRouter,
})
