import { Context, type Effect } from "effect"
import type { RevealFacts } from "../../domain/characterDisclosure"

/** Everything the store keeps about one customer, for the LGPD export (no secrets: no tokens, no hashes). */
export interface AccountExport {
  readonly profile: { id: string; name: string; email: string; emailVerified: boolean; createdAt: string }
  readonly signInMethods: readonly { provider: string; createdAt: string }[]
  readonly sessions: readonly {
    createdAt: string
    expiresAt: string
    ipAddress: string | null
    userAgent: string | null
  }[]
  readonly newsletter: { subscribedAt: string } | null
  /** Phone and CPF as the customer gave them ('Dados' tab); null until then. */
  readonly details: { phone: string; cpf: string | null } | null
  readonly addresses: readonly {
    name: string
    street: string
    number: string
    complement: string
    neighborhood: string
    city: string
    state: string
    zipCode: string
    country: string
    isDefault: boolean
    createdAt: string
  }[]
  /** Orders with their lines and payment attempts (amounts in centavos); nothing a gateway could charge with. */
  readonly orders: readonly ExportedOrder[]
  /** Support tickets the customer opened, with the conversation as they see it (never the staff's notes). */
  readonly supportTickets: readonly {
    number: number
    category: string
    subject: string
    status: string
    createdAt: string
    messages: readonly { from: "cliente" | "loja"; body: string; sentAt: string }[]
  }[]
  readonly notifications: readonly {
    type: string
    title: string
    message: string
    createdAt: string
    readAt: string | null
  }[]
  /** Only the types the customer chose something for; the others are on in both channels. */
  readonly notificationPreferences: readonly { type: string; inApp: boolean; email: boolean }[]
  /** Waitlists of sold-out editions the customer joined, with what became of each. */
  readonly waitlists: readonly {
    character: string
    status: string
    joinedAt: string
    offerExpiresAt: string | null
    /** For the reveal rule only (exportMyData), never exported. */
    reveal?: RevealFacts | null
  }[]
}

export interface ExportedOrder {
  readonly number: string
  readonly trackingCode: string
  readonly status: string
  readonly placedAt: string
  readonly paidAt: string | null
  readonly totals: { subtotal: number; discount: number; shipping: number; total: number }
  readonly couponCode: string | null
  readonly shipping: unknown
  readonly address: unknown
  readonly cpf: string | null
  readonly lines: readonly {
    name: string
    collectionName: string
    unitPrice: number
    quantity: number
    editionSize: number | null
    serials: readonly number[]
    /** For the reveal rule only (exportMyData), never exported. */
    reveal?: RevealFacts | null
  }[]
  readonly payments: readonly {
    method: string
    status: string
    statusDetail: string | null
    amount: number
    installments: number
    paymentMethodId: string | null
    cardLastFour: string | null
    createdAt: string
    updatedAt: string
  }[]
}

/** Whom to write to about a customer's orders. */
export interface Contact {
  readonly email: string
  readonly name: string
}

export class AccountData extends Context.Service<
  AccountData,
  {
    exportFor(userId: string): Effect.Effect<AccountExport | null>
    /** The customer's e-mail address and name; null when the account no longer exists. */
    contactOf(userId: string): Effect.Effect<Contact | null>
  }
>()("store/application/AccountData") {}
