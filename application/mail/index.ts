/** The mail module's front door: what other modules and the server use of it. */
export { ACCOUNT_CLOSED_TEMPLATE, accountEmailsHandler } from "./accountEmails"
export { announcementEmail } from "./announcementTemplates"
export { deliverEmail } from "./deliverEmail"
export { fulfilmentEmailsHandler } from "./fulfilmentEmails"
export { newsletterEmailsHandler } from "./newsletterEmails"
export {
  characterRevealedEmail,
  pixExpiringEmail,
  tradeStepEmail,
  waitlistOfferEmail,
} from "./notificationTemplates"
export { orderEmailsHandler } from "./orderEmails"
export { storeIdentity } from "./storeIdentity"
export { subscriptionEmailsHandler } from "./subscriptionEmails"
export { supportReplyEmail, ticketReceivedEmail } from "./supportTemplates"
export { escapeHtml } from "./templates"
