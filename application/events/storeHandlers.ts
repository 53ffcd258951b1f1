import { forgetDeletedAccountHandler } from "../account/forgetDeletedAccount"
import { communityLedgerHandler } from "../community/ledgerHandler"
import { takeBackOrderHandler } from "../community/takeBackOrder"
import { issueCertificatesHandler } from "../fulfilment/certificateHandlers"
import { refundThroughGatewayHandler } from "../fulfilment/refundThroughGateway"
import { releaseEndedOrderHandler } from "../fulfilment/releaseEndedOrder"
import { accountEmailsHandler } from "../mail/accountEmails"
import { fulfilmentEmailsHandler } from "../mail/fulfilmentEmails"
import { newsletterEmailsHandler } from "../mail/newsletterEmails"
import { orderEmailsHandler } from "../mail/orderEmails"
import { subscriptionEmailsHandler } from "../mail/subscriptionEmails"
import { announcementEmailHandler, fanOutAnnouncementHandler } from "../notifications/announcementHandlers"
import { inAppNotificationsHandler } from "../notifications/eventNotifications"
import {
  characterRevealEmailHandler,
  pixExpiringEmailHandler,
  tradeStepEmailHandler,
} from "../notifications/scheduledNoticeEmails"
import { paymentNotifiedHandler, refundHandler } from "../orders/paymentNotifications"
import { coverPlanMonthsHandler } from "../subscriptions/coverPlanMonths"
import { endPlanCoverageHandler } from "../subscriptions/endPlanCoverage"
import { refundUnusedChargeHandler } from "../subscriptions/refundUnusedCharge"
import { stopGatewayChargesHandler } from "../subscriptions/stopGatewayCharges"
import { subscriptionNotifiedHandler } from "../subscriptions/subscriptionNotifications"
import { supportEmailsHandler } from "../support/supportEmails"
import { waitlistOfferHandler } from "../waitlist/waitlistOfferHandler"
import type { EventHandler } from "./EventHandler"

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
  takeBackOrderHandler,
  supportEmailsHandler,
  waitlistOfferHandler,
] as const

type ServicesOf<H> = H extends EventHandler<infer R> ? R : never

/** Every handler of the store, in the order they run on one event. Later modules add theirs here. */
export const storeHandlers: readonly EventHandler<ServicesOf<(typeof handlers)[number]>>[] = handlers
