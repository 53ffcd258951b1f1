import { accountRouter } from "./accountRouter"
import { adminRouter } from "./admin/adminRouter"
import { cartRouter } from "./cartRouter"
import { catalogRouter, storeRouter } from "./catalogRouter"
import { checkoutRouter, ordersRouter, profileRouter } from "./checkoutRouter"
import { communityProfilesRouter } from "./communityProfilesRouter"
import { certificatesRouter, myOrdersRouter, trackingRouter } from "./fulfilmentRouter"
import { router } from "./init"
import { missionsRouter } from "./missionsRouter"
import { notificationsRouter } from "./notificationsRouter"
import { favouritesRouter, shelfRouter } from "./shelfRouter"
import { shippingRouter } from "./shippingRouter"
import { statusRouter } from "./statusRouter"
import { subscriptionsRouter } from "./subscriptionsRouter"
import { supportRouter } from "./supportRouter"
import { tradesRouter } from "./tradesRouter"
import { waitlistRouter } from "./waitlistRouter"

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
  myOrders: myOrdersRouter,
  tracking: trackingRouter,
  certificates: certificatesRouter,
  subscriptions: subscriptionsRouter,
  shelf: shelfRouter,
  favourites: favouritesRouter,
  communityProfiles: communityProfilesRouter,
  missions: missionsRouter,
  trades: tradesRouter,
  notifications: notificationsRouter,
  status: statusRouter,
  support: supportRouter,
  waitlist: waitlistRouter,
})

export type AppRouter = typeof appRouter
