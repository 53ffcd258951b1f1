import { afterAll, beforeAll, describe, it } from "vitest"
import { collectionsJourney } from "./admin/collections"
import { couponsJourney } from "./admin/coupons"
import { dashboardJourney } from "./admin/dashboard"
import { notificationCentreJourney } from "./admin/notificationCentre"
import { paymentsAndNotificationsJourney } from "./admin/notifications"
import {
  orderPageRefusedJourney,
  ordersFromPaymentToShipmentJourney,
  ordersRefusedToCustomerJourney,
  unknownOrderJourney,
} from "./admin/orders"
import { adminPhoneLayoutJourney } from "./admin/phoneLayout"
import { reportsJourney } from "./admin/reports"
import { supportJourney } from "./admin/support"
import { usersJourney } from "./admin/users"
import { waitlistJourney } from "./admin/waitlist"
import { type AdminWorld, startAdminWorld } from "./admin/world"
import { type RevealDay, revealDayJourney, startRevealDay } from "./notifications/revealDay"

/**
 * The administration area in Chromium on the production build, one journey per area. They share one
 * server: each journey creates what it needs under its own names, so their order does not matter.
 */
let world: AdminWorld & { stop(): Promise<void> }
// The reveal day's store waits a minute for its noon; it does so while the administration journeys run.
let revealDay: RevealDay

beforeAll(async () => {
  ;[world, revealDay] = await Promise.all([startAdminWorld(), startRevealDay()])
})
afterAll(async () => {
  await world?.stop()
  await revealDay?.stop()
})

describe("administration", () => {
  it("dashboard on real figures, the sidebar by role, the change log", () => dashboardJourney(world))
  it("orders: from the customer's payment to the shipment, audited, and the CSV", () =>
    ordersFromPaymentToShipmentJourney(world))
  it("orders: refused to a customer with the dashboard's words", () => ordersRefusedToCustomerJourney(world))
  it("orders: an unknown order is a 404 page to an administrator", () => unknownOrderJourney(world))
  it("orders: an order page is refused before telling whether the order exists", () =>
    orderPageRefusedJourney(world))
  it("a coupon created, used at checkout, counted, duplicated and switched off", () => couponsJourney(world))
  it("a collection and a product with an uploaded image, shown by the storefront", () =>
    collectionsJourney(world))
  it(
    "payments and webhooks, the e-mail log, an announcement to every customer",
    () => paymentsAndNotificationsJourney(world),
    60_000,
  )
  it(
    "the notification centre: the bell counts an announcement live, the panel, marks, preferences",
    () => notificationCentreJourney(world),
    90_000,
  )
  it("reports: a paid order in the chart and its table, grouped by month, the CSV", () =>
    reportsJourney(world))
  it("users: a promotion holds at once, a block refuses sign-in; settings show on the store; moderators refused", () =>
    usersJourney(world))
  it(
    "support: a visitor's ticket acknowledged, answered in the admin, read in the customer's account",
    () => supportJourney(world),
    120_000,
  )
  it(
    "waitlist: a sold-out edition's line, a PIX that expires, the offer by e-mail, bought with PIX",
    () => waitlistJourney(world),
    90_000,
  )
  it("every area fits a 390 px phone without sideways scrolling, its tables filled", () =>
    adminPhoneLayoutJourney(world))
})

describe("notifications on a reveal day", () => {
  it(
    "tells a fan of the character at noon, in-app and by e-mail, and the e-mail's link unsubscribes",
    () => revealDayJourney(revealDay),
    240_000,
  )
})
