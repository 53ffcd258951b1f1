import { getAdminOverview } from "../../../application/admin/getAdminOverview"
import { router } from "../init"
import { permissionProcedure } from "../procedures"
import { adminAuditRouter } from "./auditRouter"
import { eventsRouter } from "./eventsRouter"
import { adminOrdersRouter } from "./ordersRouter"
import { adminPlansRouter } from "./plansRouter"
import { adminReportsRouter } from "./reportsRouter"

export const adminRouter = router({
  overview: permissionProcedure("access_admin").query(({ ctx }) => ctx.run(getAdminOverview())),
  audit: adminAuditRouter,
  events: eventsRouter,
  orders: adminOrdersRouter,
  plans: adminPlansRouter,
  reports: adminReportsRouter,
})
