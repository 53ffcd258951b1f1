import { Effect } from "effect"
import { PAYMENT_MESSAGES } from "../../domain/orders/paymentMessages"
import { cardTotals } from "../../domain/pricing/pixCheckout"
import { PaymentFailed } from "../errors"
import { AddressBook } from "../ports/AddressBook"
import { CartStore } from "../ports/CartStore"
import { CustomerDetails } from "../ports/CustomerDetails"
import { PaymentGateway } from "../ports/PaymentGateway"
import { requireViewer } from "../viewer"
import { cardInstallments } from "./cardInstallments"
import { type CheckoutChoice, priceCheckout } from "./priceCheckout"
import { paymentView } from "./views"

/**
 * What the checkout page starts from: the address book, the saved CPF, which gateway takes the payment, and the
 * code of the coupon kept with the cart (the page prices at once to show it, or why it no longer applies).
 */
export const checkoutStart = Effect.fn("Orders.checkoutStart")(function* () {
  const viewer = yield* requireViewer
  const gateway = yield* PaymentGateway
  const [addresses, details, cartCoupon] = yield* Effect.all([
    (yield* AddressBook).list(viewer.id),
    (yield* CustomerDetails).get(viewer.id),
    (yield* CartStore).coupon(viewer.id),
  ])
  return {
    addresses,
    cpf: details.cpf,
    gateway: gateway.name,
    publicKey: gateway.publicKey,
    checkoutPro: gateway.name === "mercadopago",
    cartCoupon,
  }
})

/**
 * The installment choices for the amount the server computes, for the checkout as chosen or for an order
 * being paid again (its card total: a PIX order's discount does not follow it to the card): never for an
 * amount the browser sends.
 */
export const installmentOptions = Effect.fn("Orders.installmentOptions")(function* (
  of: CheckoutChoice | { readonly orderId: string },
  bin: string | null,
) {
  const amount =
    "orderId" in of
      ? cardTotals((yield* paymentView(of.orderId)).totals).total
      : (yield* priceCheckout(of)).totals.total
  return yield* cardInstallments(amount, bin).pipe(
    Effect.catch(() => Effect.fail(new PaymentFailed({ message: PAYMENT_MESSAGES.methodsFailed }))),
  )
})
