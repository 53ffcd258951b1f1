import { advanceOrder } from "../../application/fulfilment/advanceOrder"
import { shipOrder } from "../../application/fulfilment/shipOrder"
import { placeOrder } from "../../application/orders/placeOrder"
import type { Viewer } from "../../application/ports/CurrentUser"
import { inMemoryFulfilment } from "./inMemoryFulfilment"
import { ana, bruno, shopWithCart } from "./ordersWorld"
import type { Scripted } from "./scriptedGateway"

export const admin: Viewer = {
  id: "u-admin",
  email: "admin@example.com",
  name: "Administradora",
  role: "admin",
  emailVerified: true,
}
export const moderator: Viewer = { ...admin, id: "u-mod", email: "mod@example.com", role: "moderator" }

/**
 * The order world with the fulfilment ports: Ana buys November's numbered character (edition of 500) by card,
 * approved at once, so tests start from a paid order.
 */
export function fulfilmentWorld(options: { now: number; script?: readonly Scripted[] }) {
  const f = inMemoryFulfilment({
    [ana.id]: { email: ana.email, name: "Ana Souza" },
    [bruno.id]: { email: bruno.email, name: "Bruno Lima" },
  })
  const w = shopWithCart({
    now: options.now,
    script: options.script ?? [{ status: "approved" }, { status: "approved" }, { status: "approved" }],
    others: [f.participant],
    extra: f.layerFor,
  })
  let keys = 0
  const key = () => `action-key-${String(++keys).padStart(4, "0")}`
  return {
    ...w,
    f,
    /** Places and pays (card, as scripted) Ana's order of one unit; each call uses a new idempotency key. */
    paidOrder: async () => {
      // Paying empties the cart: each order starts from a fresh one.
      w.db.setCart(ana.id, [{ productId: w.product.id, quantity: 1 }])
      return w.ok(placeOrder(w.input({ idempotencyKey: `order-key-${++keys}` })))
    },
    /** A fresh action key, as a confirmation dialog makes one. */
    key,
    /** An administrator takes a paid order through production and out the door, and on to delivery if asked. */
    shipAndMaybeDeliver: async (
      orderId: string,
      parcel: { carrier: string; service: string; trackingCode: string },
      deliver: boolean,
    ) => {
      for (const step of ["start_production", "mark_produced"] as const)
        await w.ok(advanceOrder({ orderId, actionKey: key(), step }), admin)
      await w.ok(shipOrder({ orderId, actionKey: key(), ...parcel }), admin)
      if (deliver) await w.ok(advanceOrder({ orderId, actionKey: key(), step: "mark_delivered" }), admin)
    },
  }
}

export type FulfilmentWorld = ReturnType<typeof fulfilmentWorld>
