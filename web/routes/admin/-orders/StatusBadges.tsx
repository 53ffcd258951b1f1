import type { FulfilmentStatus } from "../../../../domain/fulfilment/fulfilment"
import type { OrderStatus } from "../../../../domain/orders/order"
import { FulfilmentStatusBadge, PaymentStatusBadge } from "../../../components/OrderStatusBadges"

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
      <PaymentStatusBadge status={status} />
      {fulfilmentStatus && <FulfilmentStatusBadge status={fulfilmentStatus} />}
    </span>
  )
}
