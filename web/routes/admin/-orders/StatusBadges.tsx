import { FULFILMENT_STATUS_LABEL, type FulfilmentStatus } from "../../../../domain/fulfilment/fulfilment"
import { ORDER_STATUS_LABEL, type OrderStatus } from "../../../../domain/orders/order"
import { ToneBadge } from "../../../components/Badges"

const PAYMENT_TONE = {
  awaiting_payment: "warning",
  paid: "success",
  rejected: "urgent",
  expired: "muted",
  cancelled: "neutral",
} as const satisfies Record<OrderStatus, Parameters<typeof ToneBadge>[0]["tone"]>

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
} as const satisfies Record<FulfilmentStatus, Parameters<typeof ToneBadge>[0]["tone"]>

/** The payment's badge, then (once paid) where the order stands on its way to the customer. */
export function StatusBadges({
  status,
  fulfilmentStatus,
}: {
  status: OrderStatus
  fulfilmentStatus: FulfilmentStatus | null
}) {
  return (
    <span className="inline-flex flex-wrap gap-1">
      <ToneBadge tone={PAYMENT_TONE[status]}>{ORDER_STATUS_LABEL[status]}</ToneBadge>
      {fulfilmentStatus && (
        <ToneBadge tone={FULFILMENT_TONE[fulfilmentStatus]}>
          {FULFILMENT_STATUS_LABEL[fulfilmentStatus]}
        </ToneBadge>
      )}
    </span>
  )
}
