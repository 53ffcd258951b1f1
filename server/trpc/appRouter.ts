import { accountRouter } from "./accountRouter"
import { adminRouter } from "./admin/adminRouter"
import { cartRouter } from "./cartRouter"
import { catalogRouter, storeRouter } from "./catalogRouter"
import { checkoutRouter, profileRouter } from "./checkoutRouter"
import { router } from "./init"
import { ordersRouter } from "./ordersRouter"
import { shippingRouter } from "./shippingRouter"
import { certificatesRouter, trackingRouter } from "./trackingRouter"

export const appRouter = router({
  catalog: catalogRouter,
  store: storeRouter,
  account: accountRouter,
  admin: adminRouter,
  cart: cartRouter,
  shipping: shippingRouter,
  checkout: checkoutRouter,
  orders: ordersRouter,
  profile: profileRouter,
  tracking: trackingRouter,
  certificates: certificatesRouter,
})

export type AppRouter = typeof appRouter
