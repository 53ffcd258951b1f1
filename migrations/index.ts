import type { Migration } from "kysely"
import * as catalog from "./20261121000001_catalog"
import * as auth from "./20261121000002_auth"
import * as devOutbox from "./20261121000003_dev_outbox"
import * as shippingTable from "./20261121000004_shipping_table"
import * as carts from "./20261121000005_carts"
import * as eventOutbox from "./20261124000001_event_outbox"
import * as newsletterOptIn from "./20261124000002_newsletter_opt_in"
import * as webVitals from "./20261125000001_web_vitals"
import * as sandboxPayments from "./20261126000001_sandbox_payments"
import * as orders from "./20261126000002_orders"
import * as ordersOutliveAccounts from "./20261126000003_orders_outlive_accounts"
import * as fulfilment from "./20261127000010_fulfilment"
import * as adminOrderReads from "./20261127000030_admin_order_reads"
import * as orderKinds from "./20261127000040_order_kinds"
import * as sandboxSubscriptions from "./20261127000041_sandbox_subscriptions"
import * as prepaidPlans from "./20261127000042_prepaid_plans"
import * as subscriptions from "./20261127000043_subscriptions"
import * as adminAudit from "./20261127000050_admin_audit"
import * as couponAdmin from "./20261127000052_coupon_admin"
import * as userAdmin from "./20261127000053_user_admin"
import * as notifications from "./20261127000054_notifications"
import * as reportIndexes from "./20261127000055_report_indexes"
import * as community from "./20261127000060_community"
import * as profileViews from "./20261127000064_profile_views"
import * as supportTickets from "./20261127000065_support_tickets"
import * as notificationCenter from "./20261127000066_notification_center"
import * as serviceHealth from "./20261127000067_service_health"
import * as notificationSenders from "./20261127000068_notification_senders"
import * as orderAdjustments from "./20261127000069_order_adjustments"
import * as editionLimits from "./20261127000070_edition_limits"
import * as waitlists from "./20261127000071_waitlists"
import * as coinRedemptions from "./20261127000072_coin_redemptions"
import * as returnedUnits from "./20261127000073_returned_units"
import * as soldOutNotice from "./20261127000074_sold_out_notice"
import * as waitlistOutlivesAccount from "./20261127000075_waitlist_outlives_account"
import * as orderEnds from "./20261127000076_order_ends"
import * as recordedCharacters from "./20261127000077_recorded_characters"
import * as supportTicketAddressProof from "./20261207000080_support_ticket_address_proof"
import * as recordsOutliveAccounts from "./20261207000081_records_outlive_accounts"
import * as cartCoupons from "./20261207000083_cart_coupons"
import * as randomSandboxPaymentIds from "./20261207000084_random_sandbox_payment_ids"

/** Every migration, by name; a static map so the server bundle carries them without reading a folder. */
export const migrations: Record<string, Migration> = {
  "20261121000001_catalog": catalog,
  "20261121000002_auth": auth,
  "20261121000003_dev_outbox": devOutbox,
  "20261121000004_shipping_table": shippingTable,
  "20261121000005_carts": carts,
  "20261124000001_event_outbox": eventOutbox,
  "20261124000002_newsletter_opt_in": newsletterOptIn,
  "20261125000001_web_vitals": webVitals,
  "20261126000001_sandbox_payments": sandboxPayments,
  "20261126000002_orders": orders,
  "20261126000003_orders_outlive_accounts": ordersOutliveAccounts,
  "20261127000010_fulfilment": fulfilment,
  "20261127000030_admin_order_reads": adminOrderReads,
  "20261127000040_order_kinds": orderKinds,
  "20261127000041_sandbox_subscriptions": sandboxSubscriptions,
  "20261127000042_prepaid_plans": prepaidPlans,
  "20261127000043_subscriptions": subscriptions,
  "20261127000050_admin_audit": adminAudit,
  "20261127000052_coupon_admin": couponAdmin,
  "20261127000053_user_admin": userAdmin,
  "20261127000054_notifications": notifications,
  "20261127000055_report_indexes": reportIndexes,
  "20261127000060_community": community,
  "20261127000064_profile_views": profileViews,
  "20261127000065_support_tickets": supportTickets,
  "20261127000066_notification_center": notificationCenter,
  "20261127000067_service_health": serviceHealth,
  "20261127000068_notification_senders": notificationSenders,
  "20261127000069_order_adjustments": orderAdjustments,
  "20261127000070_edition_limits": editionLimits,
  "20261127000071_waitlists": waitlists,
  "20261127000072_coin_redemptions": coinRedemptions,
  "20261127000073_returned_units": returnedUnits,
  "20261127000074_sold_out_notice": soldOutNotice,
  "20261127000075_waitlist_outlives_account": waitlistOutlivesAccount,
  "20261127000076_order_ends": orderEnds,
  "20261127000077_recorded_characters": recordedCharacters,
  "20261207000080_support_ticket_address_proof": supportTicketAddressProof,
  "20261207000081_records_outlive_accounts": recordsOutliveAccounts,
  "20261207000083_cart_coupons": cartCoupons,
  "20261207000084_random_sandbox_payment_ids": randomSandboxPaymentIds,
}
