import { describe, expect, it } from "vitest"
import type { DomainEvent, EventType } from "./events"
import { domainEvent, EVENT_TYPES, EVENT_VERSIONS, isEventType } from "./events"

/** A switch with no default: a new event type fails to compile here until it is given a line. */
function describeEvent(event: DomainEvent): string {
  switch (event.type) {
    case "UserRegistered":
    case "EmailVerificationRequested":
    case "EmailVerified":
    case "SignUpAttemptedOnExistingAccount":
    case "PasswordResetRequested":
    case "PasswordChanged":
      return `account ${event.payload.userId}`
    case "AccountDeleted":
      return `deleted ${event.payload.userId}`
    case "AccountClosed":
      return `closed with ${event.payload.items.length} open`
    case "NewsletterSubscribed":
      return `newsletter ${event.payload.source}`
    case "NewsletterConfirmed":
      return `confirmed ${event.payload.email}`
    case "CartMerged":
      return `cart ${event.payload.addedLines}`
    case "OrderPlaced":
      return `order ${event.payload.number}`
    case "PaymentInstructionsIssued":
    case "PaymentApproved":
    case "PaymentRejected":
    case "PaymentInterrupted":
    case "PaymentRefundRequired":
      return `payment ${event.payload.paymentId}`
    case "PrepaidPlanPaid":
      return `plan ${event.payload.planId} of ${event.payload.orderId}`
    case "PaymentNotified":
      return `notified ${event.payload.resourceId}`
    case "OrderExpired":
    case "OrderCancelled":
      return `ended ${event.payload.orderId}`
    case "OrderProductionStarted":
    case "OrderProduced":
    case "OrderShipped":
    case "OrderInTransit":
    case "OrderDelivered":
    case "ShipmentFailed":
    case "PaidOrderCancelled":
    case "DeliveryRated":
      return `fulfilment ${event.payload.orderId}`
    case "OrderReleased":
      return `order ${event.payload.orderId} ${event.payload.end}`
    case "RefundRequested":
    case "OrderRefunded":
    case "RefundFailed":
      return `refund ${event.payload.refundId}`
    case "AfterSaleRequested":
    case "AfterSaleDecided":
    case "ReturnReceived":
      return `request ${event.payload.requestId}`
    case "SubscriptionStarted":
    case "SubscriptionActivated":
    case "SubscriptionRenewed":
    case "SubscriptionChargeFailed":
    case "SubscriptionPaused":
    case "SubscriptionResumed":
    case "SubscriptionCancellationScheduled":
    case "SubscriptionCancelled":
    case "SubscriptionCardChanged":
    case "SubscriptionChargeRefundRequired":
      return `subscription ${event.payload.subscriptionId}`
    case "PlanMonthOrderPlaced":
      return `order ${event.payload.orderId}`
    case "AnnouncementPublished":
    case "AnnouncementNotified":
    case "AnnouncementEmailDue":
      return `announcement ${event.payload.announcementId}`
    case "SupportTicketOpened":
    case "SupportReplySent":
      return `ticket ${event.payload.ticketId}`
    case "CharacterRevealed":
    case "CharacterRevealEmailDue":
      return `character ${event.payload.productId}`
    case "PixExpiringSoon":
      return `order ${event.payload.orderId}`
    case "TradeStepTold":
      return `trade ${event.payload.tradeId}`
    case "WaitlistOfferMade":
      return `waitlist ${event.payload.entryId}`
    default: {
      const unreachable: never = event
      return unreachable
    }
  }
}

describe("domain events", () => {
  it("lists every type once, each with a positive integer version", () => {
    expect(new Set(EVENT_TYPES).size).toBe(EVENT_TYPES.length)
    for (const type of EVENT_TYPES)
      expect(Number.isInteger(EVENT_VERSIONS[type]) && EVENT_VERSIONS[type] > 0).toBe(true)
  })

  it("knows its own types and nothing else", () => {
    expect(isEventType("UserRegistered")).toBe(true)
    expect(isEventType("toString")).toBe(false)
    expect(isEventType("OrderTeleported")).toBe(false)
  })

  it("builds events at the current version, handled exhaustively", () => {
    const order = { orderId: "o1", userId: "u1" }
    const payment = { ...order, paymentId: "p1", method: "pix" as const }
    const sub = { subscriptionId: "s1", userId: "u1", collectionId: "c1" }
    const charge = { chargeId: "c1", amount: 100, paidAt: 0, months: ["2026-12"] }
    const samples: Record<EventType, DomainEvent> = {
      UserRegistered: domainEvent("UserRegistered", "u1", { userId: "u1", email: "a@b.com", name: "Ana" }),
      EmailVerificationRequested: domainEvent("EmailVerificationRequested", "u1", {
        userId: "u1",
        email: "a@b.com",
        name: "Ana",
        link: "sealed" as never,
      }),
      EmailVerified: domainEvent("EmailVerified", "u1", { userId: "u1", email: "a@b.com", name: "Ana" }),
      SignUpAttemptedOnExistingAccount: domainEvent("SignUpAttemptedOnExistingAccount", "u1", {
        userId: "u1",
        email: "a@b.com",
        name: "Ana",
      }),
      PasswordResetRequested: domainEvent("PasswordResetRequested", "u1", {
        userId: "u1",
        email: "a@b.com",
        name: "Ana",
        link: "sealed" as never,
      }),
      PasswordChanged: domainEvent("PasswordChanged", "u1", {
        userId: "u1",
        email: "a@b.com",
        name: "Ana",
        at: 0,
      }),
      AccountDeleted: domainEvent("AccountDeleted", "u1", { userId: "u1" }),
      AccountClosed: domainEvent("AccountClosed", "c1", {
        email: "a@b.com",
        name: "Ana",
        items: [{ label: "Pedido LG-2026-000001", outcome: "cancel_unpaid" }],
      }),
      NewsletterSubscribed: domainEvent("NewsletterSubscribed", "a@b.com", {
        email: "a@b.com",
        source: "footer",
      }),
      NewsletterConfirmed: domainEvent("NewsletterConfirmed", "a@b.com", { email: "a@b.com" }),
      CartMerged: domainEvent("CartMerged", "u1", { userId: "u1", cart: [], addedLines: 2 }),
      OrderPlaced: domainEvent("OrderPlaced", "o1", { ...order, number: "LG-2026-000001", total: 100 }),
      PaymentInstructionsIssued: domainEvent("PaymentInstructionsIssued", "o1", { ...payment, amount: 100 }),
      PaymentApproved: domainEvent("PaymentApproved", "o1", { ...payment, amount: 100, installments: 3 }),
      PrepaidPlanPaid: domainEvent("PrepaidPlanPaid", "o1", {
        ...order,
        collectionId: "c1",
        planId: "quarterly",
        months: 3,
        paidAt: 1,
      }),
      PaymentRejected: domainEvent("PaymentRejected", "o1", { ...payment, statusDetail: null }),
      PaymentInterrupted: domainEvent("PaymentInterrupted", "o1", payment),
      OrderExpired: domainEvent("OrderExpired", "o1", { ...order, heldUnits: true }),
      OrderCancelled: domainEvent("OrderCancelled", "o1", { ...order, heldUnits: false }),
      PaymentNotified: domainEvent("PaymentNotified", "123", { topic: "payment", resourceId: "123" }),
      PaymentRefundRequired: domainEvent("PaymentRefundRequired", "o1", {
        ...order,
        paymentId: "p2",
        reason: "x",
      }),
      OrderProductionStarted: domainEvent("OrderProductionStarted", "o1", order),
      OrderProduced: domainEvent("OrderProduced", "o1", order),
      OrderShipped: domainEvent("OrderShipped", "o1", {
        ...order,
        shipmentId: "s1",
        carrier: "Correios",
        service: "SEDEX",
        trackingCode: "AA123456789BR",
      }),
      OrderInTransit: domainEvent("OrderInTransit", "o1", { ...order, shipmentId: "s1" }),
      OrderDelivered: domainEvent("OrderDelivered", "o1", { ...order, shipmentId: "s1" }),
      ShipmentFailed: domainEvent("ShipmentFailed", "o1", { ...order, shipmentId: "s1" }),
      PaidOrderCancelled: domainEvent("PaidOrderCancelled", "o1", { ...order, by: "customer" }),
      RefundRequested: domainEvent("RefundRequested", "o1", {
        ...order,
        refundId: "r1",
        amount: 100,
        reason: "cancellation",
      }),
      OrderRefunded: domainEvent("OrderRefunded", "o1", {
        ...order,
        refundId: "r1",
        amount: 100,
        full: true,
      }),
      RefundFailed: domainEvent("RefundFailed", "o1", { ...order, refundId: "r1", amount: 100 }),
      AfterSaleRequested: domainEvent("AfterSaleRequested", "o1", {
        ...order,
        requestId: "q1",
        kind: "damage",
      }),
      AfterSaleDecided: domainEvent("AfterSaleDecided", "o1", {
        ...order,
        requestId: "q1",
        kind: "withdrawal",
        approved: true,
      }),
      ReturnReceived: domainEvent("ReturnReceived", "o1", { ...order, requestId: "q1" }),
      OrderReleased: domainEvent("OrderReleased", "o1", { ...order, end: "cancelled", pieceBack: true }),
      DeliveryRated: domainEvent("DeliveryRated", "o1", { ...order, shipmentId: "s1", rating: 5 }),
      SubscriptionStarted: domainEvent("SubscriptionStarted", "s1", {
        ...sub,
        planId: "monthly-plan",
        amount: 100,
      }),
      SubscriptionActivated: domainEvent("SubscriptionActivated", "s1", { ...sub, ...charge }),
      SubscriptionRenewed: domainEvent("SubscriptionRenewed", "s1", { ...sub, ...charge }),
      SubscriptionChargeFailed: domainEvent("SubscriptionChargeFailed", "s1", {
        ...sub,
        chargeId: "c1",
        statusDetail: "cc_rejected_other_reason",
        retryOn: "2026-12-03",
      }),
      SubscriptionPaused: domainEvent("SubscriptionPaused", "s1", { ...sub, by: "collector", until: null }),
      SubscriptionResumed: domainEvent("SubscriptionResumed", "s1", sub),
      SubscriptionCancellationScheduled: domainEvent("SubscriptionCancellationScheduled", "s1", {
        ...sub,
        cancelAt: 0,
        reason: "caro",
      }),
      SubscriptionCancelled: domainEvent("SubscriptionCancelled", "s1", { ...sub, reason: "caro" }),
      SubscriptionCardChanged: domainEvent("SubscriptionCardChanged", "s1", {
        ...sub,
        lastFour: "6351",
        paymentMethodId: "master",
      }),
      SubscriptionChargeRefundRequired: domainEvent("SubscriptionChargeRefundRequired", "s1", {
        ...sub,
        chargeId: "c1",
        amount: 29990,
        reason: "cancelada",
      }),
      PlanMonthOrderPlaced: domainEvent("PlanMonthOrderPlaced", "o1", {
        orderId: "o1",
        userId: "u1",
        sourceId: "s1",
        month: "2026-11",
      }),
      AnnouncementPublished: domainEvent("AnnouncementPublished", "a1", { announcementId: "a1" }),
      AnnouncementNotified: domainEvent("AnnouncementNotified", "n1", {
        announcementId: "a1",
        notificationId: "n1",
        userId: "u1",
      }),
      SupportTicketOpened: domainEvent("SupportTicketOpened", "t1", { ticketId: "t1", acknowledge: true }),
      SupportReplySent: domainEvent("SupportReplySent", "t1", { ticketId: "t1", messageId: "m1" }),
      AnnouncementEmailDue: domainEvent("AnnouncementEmailDue", "a1", { announcementId: "a1", userId: "u1" }),
      CharacterRevealed: domainEvent("CharacterRevealed", "p1", {
        productId: "p1",
        collectionId: "c1",
        revealAt: 0,
      }),
      CharacterRevealEmailDue: domainEvent("CharacterRevealEmailDue", "p1", {
        productId: "p1",
        userId: "u1",
      }),
      PixExpiringSoon: domainEvent("PixExpiringSoon", "o1", { orderId: "o1", userId: "u1", expiresAt: 0 }),
      TradeStepTold: domainEvent("TradeStepTold", "t1", {
        tradeId: "t1",
        userId: "u1",
        step: "offered",
        title: "Nova proposta de troca",
        message: "Ana quer trocar.",
      }),
      WaitlistOfferMade: domainEvent("WaitlistOfferMade", "e1", {
        entryId: "e1",
        productId: "p1",
        userId: "u1",
        offerExpiresAt: 0,
      }),
    }
    for (const [type, event] of Object.entries(samples)) {
      expect(event.type).toBe(type)
      expect(event.version).toBe(EVENT_VERSIONS[event.type])
      expect(describeEvent(event)).not.toBe("")
    }
    expect(Object.keys(samples).sort()).toEqual([...EVENT_TYPES].sort())
  })
})
