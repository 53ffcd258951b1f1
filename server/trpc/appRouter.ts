import { accountRouter, adminRouter } from "./accountRouter"
import { catalogRouter, storeRouter } from "./catalogRouter"
import { router } from "./init"

export const appRouter = router({
  catalog: catalogRouter,
  store: storeRouter,
  account: accountRouter,
  admin: adminRouter,
})

export type AppRouter = typeof appRouter
