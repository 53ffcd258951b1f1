import { Data } from "effect"

/** Expected failures of the catalogue use cases; server/errors.ts maps each tag to an HTTP code and pt-BR text. */
export class CollectionNotFound extends Data.TaggedError("CollectionNotFound")<{
  readonly idOrSlug: string
}> {}

export class CharacterNotFound extends Data.TaggedError("CharacterNotFound")<{ readonly id: string }> {}

export class InvalidInput extends Data.TaggedError("InvalidInput")<{ readonly message: string }> {}

/** No account has this id (the users screen). */
export class UserNotFound extends Data.TaggedError("UserNotFound") {}

export class NotSignedIn extends Data.TaggedError("NotSignedIn") {}

export class Forbidden extends Data.TaggedError("Forbidden")<{ readonly permission: string }> {}

export class ItemAlreadyInCart extends Data.TaggedError("ItemAlreadyInCart") {}

/** The character exists but may not be bought by this customer now (spec 001 §2 timeline rule). */
export class NotBuyable extends Data.TaggedError("NotBuyable")<{
  readonly reason: "subscribers_only" | "coming_soon" | "unavailable" | "sold_out"
}> {}

/** A postal code the quote cannot use; title and message are the spec's pt-BR texts. */
export class ShippingQuoteRefused extends Data.TaggedError("ShippingQuoteRefused")<{
  readonly title: string
  readonly message: string
}> {}

/** A limit against abuse was reached; `message` says what to do, in pt-BR. */
export class TooManyRequests extends Data.TaggedError("TooManyRequests")<{ readonly message: string }> {}

/** A password confirmation did not match. */
export class WrongPassword extends Data.TaggedError("WrongPassword") {}

/** The checkout cannot go on as asked; `message` is the pt-BR reason, `field` the form field it concerns. */
export class CheckoutRefused extends Data.TaggedError("CheckoutRefused")<{
  readonly message: string
  readonly field?: string
}> {}

/** No order with this id belongs to the customer (another customer's order answers the same). */
export class OrderNotFound extends Data.TaggedError("OrderNotFound") {}

/** The payment could not be made; `message` is the spec's pt-BR text or the refusal's reason. */
export class PaymentFailed extends Data.TaggedError("PaymentFailed")<{ readonly message: string }> {}

/** An order action the state machine or its windows refuse; `message` is the domain's pt-BR reason. */
export class FulfilmentRefused extends Data.TaggedError("FulfilmentRefused")<{ readonly message: string }> {}

/** /rastrear with nothing typed (spec 002 §5). */
export class TrackingCodeRequired extends Data.TaggedError("TrackingCodeRequired") {}

/** No order has this tracking code, ours or the carrier's (spec 002 §8). */
export class TrackingCodeNotFound extends Data.TaggedError("TrackingCodeNotFound") {}

/** No prepaid or recurring plan has this id (spec 002 §5: "Plano não encontrado"). */
export class PlanNotFound extends Data.TaggedError("PlanNotFound") {}

/** No coupon has this id (spec 002 §8: 'Coupon not found'; the screen says 'Cupom não encontrado'). */
export class CouponNotFound extends Data.TaggedError("CouponNotFound") {}

export class CertificateNotFound extends Data.TaggedError("CertificateNotFound") {}

/** A visitor tried to subscribe (spec 002 §5: 'É necessário fazer login para assinar um plano.'). */
export class SignInToSubscribe extends Data.TaggedError("SignInToSubscribe") {}

/** No subscription with this id belongs to the collector (another collector's answers the same). */
export class SubscriptionNotFound extends Data.TaggedError("SubscriptionNotFound") {}

/** The state machine refuses the change; `message` is the domain's pt-BR reason. */
export class SubscriptionRefused extends Data.TaggedError("SubscriptionRefused")<{
  readonly message: string
  readonly field?: string
}> {}

/**
 * The gateway failed a subscription's step (spec 002 §8): `create` carries its message ('Erro ao criar
 * assinatura: …'); `unavailable` when trying again later may work.
 */
export class SubscriptionFailed extends Data.TaggedError("SubscriptionFailed")<{
  readonly action: "create" | "fetch" | "pause" | "cancel" | "reactivate" | "process"
  readonly detail?: string
  readonly unavailable: boolean
}> {}

/** An admin change the catalogue refuses (a sold product, a month already taken); `message` is the pt-BR reason. */
export class CatalogChangeRefused extends Data.TaggedError("CatalogChangeRefused")<{
  readonly message: string
}> {}

/** No shelf item or piece with this id belongs to the collector (someone else's answers the same). */
export class ShelfItemNotFound extends Data.TaggedError("ShelfItemNotFound") {}

/** No notification with this id belongs to the customer (someone else's answers the same). */
export class NotificationNotFound extends Data.TaggedError("NotificationNotFound") {}
