import { FULFILMENT_STATUS_LABEL, type FulfilmentStatus } from "../../domain/fulfilment/fulfilment"
import { ORDER_STATUS_LABEL, type OrderStatus } from "../../domain/orders/order"
import { ToneBadge } from "./Badges"

type Tone = Parameters<typeof ToneBadge>[0]["tone"]

const PAYMENT_TONE = {
  awaiting_payment: "warning",
  paid: "success",
  rejected: "urgent",
  expired: "muted",
  cancelled: "neutral",
} as const satisfies Record<OrderStatus, Tone>

/** For the administrators an order waiting for production is work to do. */
const FULFILMENT_TONE = {
  awaiting_production: "warning",
  in_production: "info",
  produced: "info",
  shipped: "info",
  in_transit: "info",
  delivered: "success",
  cancelled: "neutral",
  returned: "neutral",
  refunded: "muted",
  plan_active: "success",
} as const satisfies Record<FulfilmentStatus, Tone>

/** For the customer the same order is good news: it is paid and on its way to be made. */
const CUSTOMER_FULFILMENT_TONE = {
  ...FULFILMENT_TONE,
  awaiting_production: "success",
  refunded: "neutral",
} as const satisfies Record<FulfilmentStatus, Tone>

/** Where the order's payment stands. */
export function PaymentStatusBadge({ status }: { status: OrderStatus }) {
  return <ToneBadge tone={PAYMENT_TONE[status]}>{ORDER_STATUS_LABEL[status]}</ToneBadge>
}

/** Where a paid order stands on its way to the customer, coloured for who reads it. */
export function FulfilmentStatusBadge({
  status,
  forCustomer = false,
}: {
  status: FulfilmentStatus
  forCustomer?: boolean
}) {
  const tone = (forCustomer ? CUSTOMER_FULFILMENT_TONE : FULFILMENT_TONE)[status]
  return <ToneBadge tone={tone}>{FULFILMENT_STATUS_LABEL[status]}</ToneBadge>
}
