import { forgetDeletedAccountHandler } from "../application/account"
import {
  communityLedgerHandler,
  revealAchievementsHandler,
  takeBackOrderHandler,
} from "../application/community"
import type { EventHandler } from "../application/events"
import {
  issueCertificatesHandler,
  refundThroughGatewayHandler,
  releaseEndedOrderHandler,
} from "../application/fulfilment"
import {
  accountEmailsHandler,
  fulfilmentEmailsHandler,
  newsletterEmailsHandler,
  orderEmailsHandler,
  subscriptionEmailsHandler,
} from "../application/mail"
import {
  announcementEmailHandler,
  characterRevealEmailHandler,
  fanOutAnnouncementHandler,
  inAppNotificationsHandler,
  pixExpiringEmailHandler,
  tradeStepEmailHandler,
} from "../application/notifications"
import { paymentNotifiedHandler, refundHandler } from "../application/orders"
import {
  coverPlanMonthsHandler,
  endPlanCoverageHandler,
  refundUnusedChargeHandler,
  stopGatewayChargesHandler,
  subscriptionNotifiedHandler,
} from "../application/subscriptions"
import { supportEmailsHandler } from "../application/support"
import { waitlistOfferHandler } from "../application/waitlist"

const handlers = [
  accountEmailsHandler,
  newsletterEmailsHandler,
  orderEmailsHandler,
  fulfilmentEmailsHandler,
  forgetDeletedAccountHandler,
  paymentNotifiedHandler,
  refundHandler,
  refundThroughGatewayHandler,
  issueCertificatesHandler,
  releaseEndedOrderHandler,
  subscriptionNotifiedHandler,
  coverPlanMonthsHandler,
  endPlanCoverageHandler,
  subscriptionEmailsHandler,
  stopGatewayChargesHandler,
  refundUnusedChargeHandler,
  fanOutAnnouncementHandler,
  announcementEmailHandler,
  inAppNotificationsHandler,
  characterRevealEmailHandler,
  pixExpiringEmailHandler,
  tradeStepEmailHandler,
  communityLedgerHandler,
  revealAchievementsHandler,
  takeBackOrderHandler,
  supportEmailsHandler,
  waitlistOfferHandler,
] as const

type ServicesOf<H> = H extends EventHandler<infer R> ? R : never

/** Every handler of the store, in the order they run on one event. Later modules add theirs here. */
export const storeHandlers: readonly EventHandler<ServicesOf<(typeof handlers)[number]>>[] = handlers
