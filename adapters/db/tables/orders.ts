import type { ColumnType, Generated } from "kysely"
import type { BoletoInstructions, PixInstructions } from "../../../application/ports/PaymentGateway"
import type { Address } from "../../../domain/orders/address"
import type { OrderKind, ShippingChoice } from "../../../domain/orders/order"
import type { OrderPlan } from "../../../domain/subscriptions/prepaidPlans"
import type { OrderFulfilmentColumns } from "./fulfilment"

type Timestamp = ColumnType<Date, Date | string, Date | string>
type Json<T> = ColumnType<T, string, string>

export interface AddressesTable {
  id: Generated<string>
  user_id: string
  name: string
  street: string
  number: string
  complement: Generated<string>
  neighborhood: string
  city: string
  state: string
  zip_code: string
  country: Generated<string>
  is_default: Generated<boolean>
  created_at: Generated<Date>
}

export interface CustomerDetailsTable {
  user_id: string
  phone: Generated<string>
  cpf: string | null
  updated_at: Generated<Date>
}

export interface CouponsTable {
  id: Generated<string>
  code: string
  type: "percentage" | "fixed" | "free_shipping"
  value: number
  minimum_order_cents: Generated<number>
  maximum_discount_cents: number | null
  max_uses: number | null
  total_uses: Generated<number>
  /** bigint: a string from `pg`; read it cast to int. */
  revenue_cents: ColumnType<string | number, number | undefined, number | string>
  conversions: Generated<number>
  is_active: Generated<boolean>
  once_per_customer: Generated<boolean>
  not_with_coins: Generated<boolean>
  valid_from: ColumnType<Date, Date | string | undefined, Date | string>
  valid_until: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>
  created_at: Generated<Date>
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>
}

/** A once-per-customer coupon held by an order paid or awaiting payment (migration 072). */
export interface CouponCustomerUsesTable {
  coupon_id: string
  user_id: string
  cpf: string | null
  order_id: string
  used_at: ColumnType<Date, Date | string, Date | string>
}

export interface OrdersTable extends OrderFulfilmentColumns {
  id: string
  number: string
  tracking_code: string
  /** Null once the customer deleted the account (the order stays, de-identified). */
  user_id: string | null
  idempotency_key: string
  kind: ColumnType<OrderKind, OrderKind | undefined, OrderKind>
  /** What a `plan` order bought; null for any other kind. */
  plan: ColumnType<OrderPlan | null, string | null | undefined, string | null>
  status: "awaiting_payment" | "paid" | "rejected" | "expired" | "cancelled"
  subtotal_cents: number
  discount_cents: number
  shipping_cents: number
  total_cents: number
  pix_discount_bp: Generated<number>
  pix_discount_cents: Generated<number>
  coins_used: Generated<number>
  coins_discount_cents: Generated<number>
  coupon_id: string | null
  coupon_code: string | null
  shipping: Json<ShippingChoice>
  address: Json<Address>
  /** Null once the customer deleted the account. */
  cpf: string | null
  /** A civil date, "YYYY-MM-DD". */
  ships_on: ColumnType<string | null, string | null | undefined, string | null>
  current_attempt_id: string | null
  paid_attempt_id: string | null
  placed_at: Timestamp
  paid_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>
  pay_by: Timestamp
  updated_at: Timestamp
  /** When a deleted account's order, past its retention, lost the personal data it still held. */
  personal_data_erased_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>
}

export interface OrderLinesTable {
  order_id: string
  position: number
  product_id: string
  name: string
  collection_id: string
  collection_name: string
  image_url: string
  unit_price_cents: number
  quantity: number
  edition_size: number | null
  serials: ColumnType<number[], string | undefined, string>
}

export interface PaymentAttemptsTable {
  id: string
  order_id: string
  idempotency_key: string
  method: "card" | "pix" | "boleto" | "checkout_pro"
  amount_cents: number
  installments: number
  status: string
  status_detail: string | null
  gateway_payment_id: string | null
  payment_method_id: string | null
  card_last_four: string | null
  pix: ColumnType<PixInstructions | null, string | null | undefined, string | null>
  boleto: ColumnType<BoletoInstructions | null, string | null | undefined, string | null>
  redirect_url: string | null
  submitted_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>
  created_at: Timestamp
  updated_at: Timestamp
}
