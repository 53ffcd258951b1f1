import { catalogRouter, storeRouter } from "./catalogRouter"
import { router } from "./init"

export const appRouter = router({ catalog: catalogRouter, store: storeRouter })

export type AppRouter = typeof appRouter
