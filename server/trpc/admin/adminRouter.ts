import { getAdminOverview } from "../../../application/admin"
import { router } from "../init"
import { permissionProcedure } from "../procedures"
import { adminAuditRouter } from "./auditRouter"
import { adminCollectionsRouter } from "./collectionsRouter"
import { adminCouponsRouter } from "./couponsRouter"
import { eventsRouter } from "./eventsRouter"
import { adminNotificationsRouter } from "./notificationsRouter"
import { adminOrdersRouter } from "./ordersRouter"
import { adminPaymentsRouter } from "./paymentsRouter"
import { adminPlansRouter } from "./plansRouter"
import { adminReportsRouter } from "./reportsRouter"
import { adminSettingsRouter } from "./settingsRouter"
import { adminSupportRouter } from "./supportRouter"
import { adminUsersRouter } from "./usersRouter"

export const adminRouter = router({
  overview: permissionProcedure("access_admin").query(({ ctx }) => ctx.run(getAdminOverview())),
  audit: adminAuditRouter,
  coupons: adminCouponsRouter,
  collections: adminCollectionsRouter,
  events: eventsRouter,
  orders: adminOrdersRouter,
  plans: adminPlansRouter,
  payments: adminPaymentsRouter,
  notifications: adminNotificationsRouter,
  reports: adminReportsRouter,
  settings: adminSettingsRouter,
  support: adminSupportRouter,
  users: adminUsersRouter,
})
