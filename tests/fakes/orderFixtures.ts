import type { StoredAttempt } from "../../application/ports/OrderStore"
import type { Order } from "../../domain/orders/order"

/** 10:00 on 20/11/2026 in São Paulo. */
export const PLACED_AT = Date.UTC(2026, 10, 20, 13)

/** An order of two lines, one of them numbered, with a coupon and paid shipping, waiting for its PIX. */
export const anOrder = (over: Partial<Order> = {}): Order => ({
  id: "order-1",
  number: "LG-2026-000123",
  trackingCode: "8R1CG2-G03G02",
  userId: "user-1",
  kind: "purchase",
  plan: null,
  status: "awaiting_payment",
  lines: [
    {
      productId: "p-goku",
      name: "Goku Super Saiyajin",
      collectionId: "c-anime",
      collectionName: "Anime Legends",
      imageUrl: "/img/goku.jpg",
      unitPrice: 29990,
      quantity: 1,
      editionSize: 500,
      serials: [],
    },
    {
      productId: "p-vegeta",
      name: "Vegeta",
      collectionId: "c-anime",
      collectionName: "Anime Legends",
      imageUrl: "/img/vegeta.jpg",
      unitPrice: 15000,
      quantity: 2,
      editionSize: null,
      serials: [],
    },
  ],
  totals: { subtotal: 59990, discount: 5999, coinsDiscount: 0, pixDiscount: 0, shipping: 2850, total: 56841 },
  coinsUsed: 0,
  pixDiscountBasisPoints: 0,
  couponId: "coupon-1",
  couponCode: "NATAL10",
  shipping: { optionId: "sedex", name: "SEDEX", provider: "Correios", price: 2850, days: 2 },
  address: {
    name: "Ana Souza",
    street: "Avenida Paulista",
    number: "1578",
    complement: "apto 42",
    neighborhood: "Bela Vista",
    city: "São Paulo",
    state: "SP",
    zipCode: "01310200",
  },
  cpf: "12345678909",
  shipsOn: null,
  placedAt: PLACED_AT,
  paidAt: null,
  currentAttemptId: "attempt-1",
  paidAttemptId: null,
  payBy: PLACED_AT + 30 * 60_000,
  ...over,
})

/** The same order, paid on 20/11/2026: Goku got serial 37 of 500, and it ships on the 30th. */
export const aPaidOrder = (over: Partial<Order> = {}): Order => {
  const order = anOrder()
  return anOrder({
    status: "paid",
    paidAt: PLACED_AT + 5 * 60_000,
    paidAttemptId: "attempt-1",
    shipsOn: { year: 2026, month: 11, day: 30 },
    lines: order.lines.map((line) => (line.editionSize ? { ...line, serials: [37] } : line)),
    ...over,
  })
}

export const PIX_CODE =
  "00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865406568.415802BR5913LEGENDARIUM6009SAO PAULO62070503***6304ABCD"

export const anAttempt = (over: Partial<StoredAttempt> = {}): StoredAttempt => ({
  id: "attempt-1",
  orderId: "order-1",
  method: "pix",
  amount: 56841,
  installments: 1,
  status: "pending",
  statusDetail: "pending_waiting_transfer",
  gatewayPaymentId: "mp-1",
  idempotencyKey: "attempt-1",
  paymentMethodId: "pix",
  cardLastFour: null,
  pix: {
    qrCode: PIX_CODE,
    qrCodeBase64: "iVBORw0KGgo=",
    ticketUrl: "https://www.mercadopago.com.br/payments/1/ticket",
    expiresAt: PLACED_AT + 30 * 60_000,
  },
  boleto: null,
  redirectUrl: null,
  submittedAt: PLACED_AT,
  createdAt: PLACED_AT,
  updatedAt: PLACED_AT,
  ...over,
})

export const BOLETO = {
  digitableLine: "23793.38128 60000.000003 00000.000400 1 84340000056841",
  barcode: "23791843400000568413381260000000000000000040",
  url: "https://www.mercadopago.com.br/payments/2/ticket?caller_id=1&hash=abc",
  dueAt: Date.UTC(2026, 10, 24, 2, 59, 59),
}
