import { Context, type Effect } from "effect"
import type { RevealFacts } from "../../domain/catalog/characterDisclosure"

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
  readonly waitlists: readonly (NamedPiece & {
    status: string
    joinedAt: string
    offerExpiresAt: string | null
  })[]
  readonly subscriptions: readonly ExportedSubscription[]
  /** What each subscription or prepaid plan gives access to, month by month and collection by collection. */
  readonly collectionAccess: readonly {
    collection: string | null
    kind: string
    status: string
    month: string | null
    startsAt: string
    endsAt: string | null
    createdAt: string
  }[]
  /** The months a subscription or prepaid plan paid for, with the character held for each. */
  readonly planMonths: readonly {
    collection: string | null
    month: string
    kind: string
    paidAt: string | null
    heldCharacter: NamedPiece | null
  }[]
  /** What the customer chose for each plan: notices and where its pieces go. */
  readonly planSettings: readonly {
    revealNotifications: boolean
    newPlanNews: boolean
    deliveryAddress: string | null
    updatedAt: string
  }[]
  readonly cart: readonly (NamedPiece & { quantity: number; addedAt: string })[]
  /** The coupon applied to the cart, checked again at each pricing until the order takes it. */
  readonly cartCoupon: { code: string; appliedAt: string } | null
  readonly couponUses: readonly {
    code: string | null
    cpf: string | null
    orderNumber: string | null
    usedAt: string
  }[]
  readonly community: ExportedCommunity
}

/** A character as the export names it; `reveal` is for the reveal rule only (exportMyData), never exported. */
export interface NamedPiece {
  readonly character: string
  readonly collection: string | null
  readonly reveal?: RevealFacts | null
}

export interface ExportedSubscription {
  readonly collection: string | null
  readonly plan: string
  readonly frequencyMonths: number
  readonly amount: number
  readonly status: string
  readonly cpf: string | null
  readonly cardLastFour: string | null
  readonly paymentMethodId: string | null
  readonly coveredFrom: string | null
  readonly coveredThrough: string | null
  readonly pausedAt: string | null
  readonly pausedUntil: string | null
  readonly cancelAt: string | null
  readonly cancelReason: string | null
  readonly cancelledAt: string | null
  readonly activatedAt: string | null
  readonly createdAt: string
  readonly charges: readonly {
    status: string
    statusDetail: string | null
    amount: number
    chargedAt: string
    months: unknown
  }[]
}

/** The collector's side of the community: public profile, pieces, shelf, points, follows and trades. */
export interface ExportedCommunity {
  readonly publicProfile: {
    username: string
    displayName: string | null
    bio: string | null
    location: string | null
    avatarUrl: string | null
    isPrivate: boolean
    isVerified: boolean
    profileViews: number
    createdAt: string
    updatedAt: string
  } | null
  /** Pieces from orders and plans, with their serial unit. */
  readonly pieces: readonly (NamedPiece & {
    source: string
    unit: number | null
    price: number | null
    condition: string | null
    notes: string | null
    forTrade: boolean
    acquiredAt: string
    revokedAt: string | null
  })[]
  /** Items the collector added to the virtual shelf by hand. */
  readonly shelfItems: readonly {
    name: string
    company: string | null
    collection: string | null
    category: string | null
    description: string | null
    rarity: string | null
    condition: string | null
    companyStatus: string | null
    estimatedValue: number | null
    imageUrl: string | null
    notes: string | null
    acquiredOn: string | null
    createdAt: string
    updatedAt: string
  }[]
  readonly favourites: readonly (NamedPiece & { addedAt: string })[]
  /** Totals as the ranking shows them, and every entry that made them. */
  readonly pointsAndCoins: {
    totals: {
      score: number
      coins: number
      level: number
      pieces: number
      collectionsCompleted: number
      streak: number
      achievements: number
      lastActivityAt: string | null
    } | null
    entries: readonly {
      kind: string
      points: number
      coins: number
      description: string
      occurredAt: string
    }[]
  }
  readonly achievements: readonly { code: string; scope: string; unlockedAt: string }[]
  readonly missions: readonly { mission: string; period: string; redeemedAt: string }[]
  /** Whom the collector follows, by public username; followers are counted, being the followers' own data. */
  readonly follows: { following: readonly { collector: string | null; since: string }[]; followers: number }
  readonly trades: readonly {
    direction: "enviada" | "recebida"
    otherCollector: string | null
    status: string
    message: string | null
    yourPiece: NamedPiece | null
    theirPiece: NamedPiece | null
    createdAt: string
    respondedAt: string | null
    completedAt: string | null
    cancelledAt: string | null
    cancellationReason: string | null
    unwoundAt: string | null
    unwoundReason: string | null
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
