import { toSaoPauloCivil } from "../calendar"
import type { Cents } from "../money"
import type { Address } from "../orders/address"
import { type Order, orderTotals, type ShippingChoice } from "../orders/order"
import { type Month, shipmentShipsOn } from "./coverage"

/** How a plan's monthly shipment travels: free, by the store's usual carrier and its general promise. */
export const PLAN_SHIPPING: ShippingChoice = {
  optionId: "plan",
  // Read after "Frete (…)" and "Prazo: … (…)": it names the way, not the price.
  name: "Envio mensal da assinatura",
  provider: "Correios",
  price: 0,
  days: 10,
}

export interface MonthShipment {
  readonly id: string
  readonly number: string
  readonly trackingCode: string
  readonly userId: string
  readonly month: Month
  /** When the month was paid for: the ship date follows it. */
  readonly paidAt: number
  readonly now: number
  readonly character: {
    readonly id: string
    readonly name: string
    readonly imageUrl: string
    readonly collectionId: string
    readonly collectionName: string
  }
  /** The character's price, frozen on the line for the record (the order itself costs nothing). */
  readonly unitPrice: Cents
  /** The numbered edition's size and the unit's serial, or null when the unit is made outside the run. */
  readonly edition: { readonly size: number; readonly serial: number } | null
  readonly address: Address
  readonly cpf: string
}

/**
 * One month's shipment of a plan: an order of kind `subscription`, already paid (total 0: the plan paid for it),
 * free shipping, leaving on the schedule's day for the month, so production and shipping treat it like any other.
 */
export function monthShipmentOrder(input: MonthShipment): Order {
  const line = {
    productId: input.character.id,
    name: input.character.name,
    collectionId: input.character.collectionId,
    collectionName: input.character.collectionName,
    imageUrl: input.character.imageUrl,
    unitPrice: input.unitPrice,
    quantity: 1,
    editionSize: input.edition?.size ?? null,
    serials: input.edition ? [input.edition.serial] : [],
  }
  return {
    id: input.id,
    number: input.number,
    trackingCode: input.trackingCode,
    userId: input.userId,
    kind: "subscription",
    plan: null,
    status: "paid",
    lines: [line],
    totals: orderTotals([line], 0, { discount: input.unitPrice, shippingDiscount: 0 }),
    coinsUsed: 0,
    pixDiscountBasisPoints: 0,
    couponId: null,
    couponCode: null,
    shipping: PLAN_SHIPPING,
    address: input.address,
    cpf: input.cpf,
    shipsOn: shipmentShipsOn(input.month, toSaoPauloCivil(input.paidAt)),
    placedAt: input.now,
    paidAt: input.paidAt,
    currentAttemptId: null,
    paidAttemptId: null,
    payBy: input.now,
  }
}

/** The key of a month's shipment among the collector's orders: one per plan and month. */
export const monthShipmentKey = (sourceId: string, month: Month) => `plan-${sourceId}-${month}`
