import { accountRouter } from "./accountRouter"
import { adminRouter } from "./admin/adminRouter"
import { cartRouter } from "./cartRouter"
import { catalogRouter, storeRouter } from "./catalogRouter"
import { router } from "./init"
import { shippingRouter } from "./shippingRouter"

export const appRouter = router({
  catalog: catalogRouter,
  store: storeRouter,
  account: accountRouter,
  admin: adminRouter,
  cart: cartRouter,
  shipping: shippingRouter,
})

export type AppRouter = typeof appRouter
