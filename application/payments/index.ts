/** The payments module's front door: what other modules and the server use of it. */
export {
  listAdminPayments,
  listSubscriptionCharges,
  listWebhookReceipts,
  PAYMENT_SEARCH_MAX,
} from "./listAdminPayments"
