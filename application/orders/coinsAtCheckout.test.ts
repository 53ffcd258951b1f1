import { describe, expect, it } from "vitest"
import { saoPauloInstant } from "../../domain/calendar"
import { ana, bruno, DAY, MINUTE, PRICE, shopWithCart } from "../../tests/fakes/ordersWorld"
import { unavailable } from "../../tests/fakes/scriptedGateway"
import { giveCoinsBack } from "./customerHolds"
import { expireOrders } from "./expireOrders"
import { payOrder } from "./payOrder"
import { placeOrder } from "./placeOrder"
import { priceCheckout } from "./priceCheckout"
import { reconcilePayments } from "./reconcilePayments"

const NOV_10 = saoPauloInstant({ year: 2026, month: 11, day: 10 }, 10)

/** Ana with `coins` to spend and November's character (R$ 299,90) in her cart; 20 % of it is 599 coins. */
const withCoins = (coins: number, options: Partial<Parameters<typeof shopWithCart>[0]> = {}) => {
  const w = shopWithCart({ now: NOV_10, script: [{ status: "approved" }], ...options })
  w.db.grantCoins(ana.id, coins)
  const balance = () => w.db.ledger(ana.id).reduce((sum, e) => sum + e.coins, 0)
  const kinds = () => w.db.ledger(ana.id).map((e) => [e.kind, e.reference, e.coins])
  return { ...w, balance, kinds }
}

describe("coins at checkout", () => {
  it("prices the balance, the most this order may use and the discount, on the server", async () => {
    const w = withCoins(1_000)
    const priced = await w.ok(priceCheckout({ ...w.input(), coins: 500 }))
    expect(priced.coins).toEqual({
      balance: 1_000,
      max: 599,
      centsPerCoin: 10,
      coins: 500,
      discount: 5_000,
      error: null,
    })
    expect(priced.totals).toMatchObject({
      subtotal: PRICE,
      coinsDiscount: 5_000,
      total: PRICE - 5_000 + 1_890,
    })
  })

  it("spends the coins with the order: a ledger entry naming it, the order recording coins and discount", async () => {
    const w = withCoins(1_000)
    const view = await w.ok(placeOrder(w.input({ coins: 500 })))
    expect(view.totals).toMatchObject({ coinsDiscount: 5_000, total: PRICE - 5_000 + 1_890 })
    const order = w.db.order(view.id)
    expect(order?.coinsUsed).toBe(500)
    expect(w.gateway.createCalls()[0]?.amount).toBe(PRICE - 5_000 + 1_890)
    expect(w.kinds()).toContainEqual(["coin_redemption", `order:${view.id}`, -500])
    expect(w.balance()).toBe(500)
    expect(w.db.ledger(ana.id).at(-1)?.description).toBe(`Usou 500 moedas no pedido ${view.number}`)
  })

  it("refuses more coins than the balance or the cap, and changes nothing", async () => {
    const w = withCoins(300)
    expect(await w.fails(placeOrder(w.input({ coins: 301 })))).toMatchObject({
      _tag: "CheckoutRefused",
      message: "Você não tem moedas suficientes.",
      field: "coins",
    })
    w.db.grantCoins(ana.id, 5_000)
    expect(await w.fails(placeOrder(w.input({ coins: 600 })))).toMatchObject({
      message: "Neste pedido você pode usar até 599 moedas.",
      field: "coins",
    })
    expect(await w.fails(placeOrder(w.input({ coins: -1 })))).toMatchObject({
      message: "Quantidade de moedas inválida.",
    })
    expect(w.db.orders()).toEqual([])
    expect(w.balance()).toBe(5_300)
    expect(w.gateway.createCalls()).toEqual([])
  })

  it("refuses coins on a prepaid plan (it carries its own discount)", async () => {
    const w = withCoins(1_000)
    const plan = { collectionId: w.anime.id, planId: "quarterly" }
    expect(await w.fails(placeOrder(w.input({ plan, coins: 10 })))).toMatchObject({
      message: "Moedas não podem ser usadas em planos pré-pagos.",
    })
    expect(w.balance()).toBe(1_000)
  })

  it("gives the coins back once when the order expires unpaid", async () => {
    const w = withCoins(1_000, { script: [{ status: "pending" }] })
    const view = await w.ok(placeOrder(w.input({ coins: 200, payment: { method: "pix" } })))
    expect(w.balance()).toBe(800)
    w.advance(3 * DAY)
    expect(await w.ok(expireOrders())).toEqual({ due: 1, expired: 1 })
    expect(await w.ok(expireOrders())).toEqual({ due: 0, expired: 0 })
    expect(w.kinds().filter(([kind]) => kind === "coin_return")).toEqual([
      ["coin_return", `order:${view.id}`, 200],
    ])
    expect(w.balance()).toBe(1_000)
  })

  it("gives them back on a refusal and takes them again when the order is paid again", async () => {
    const w = withCoins(1_000, { script: [{ status: "rejected" }, { status: "approved" }] })
    const rejected = await w.ok(placeOrder(w.input({ coins: 200 })))
    expect(rejected.status).toBe("rejected")
    expect(w.balance()).toBe(1_000)
    const key = "key-2"
    const paid = await w.ok(
      payOrder({ orderId: rejected.id, idempotencyKey: key, payment: w.input().payment }),
    )
    expect(paid.status).toBe("paid")
    expect(w.kinds().slice(1)).toEqual([
      ["coin_redemption", `order:${rejected.id}`, -200],
      ["coin_return", `order:${rejected.id}`, 200],
      ["coin_redemption", `order:${rejected.id}#2`, -200],
    ])
    expect(w.balance()).toBe(800)
  })

  it("a late approval of an expired order takes its coins again", async () => {
    const w = withCoins(1_000, { script: [{ status: "approved", lost: true }] })
    await w.fails(placeOrder(w.input({ coins: 200 })))
    w.gateway.fail("paymentsForOrder", unavailable())
    w.advance(3 * MINUTE)
    await w.ok(reconcilePayments())
    w.advance(60 * MINUTE)
    expect(await w.ok(expireOrders())).toEqual({ due: 1, expired: 1 })
    expect(w.balance()).toBe(1_000)
    w.advance(3 * MINUTE)
    expect(await w.ok(reconcilePayments())).toMatchObject({ recovered: { found: 1, applied: 1 } })
    const [order] = w.db.orders()
    expect(order?.status).toBe("paid")
    expect(w.kinds().at(-1)).toEqual(["coin_redemption", `order:${order?.id}#2`, -200])
    expect(w.balance()).toBe(800)
  })

  it("gives the coins of a refunded or cancelled paid order back exactly once", async () => {
    const w = withCoins(1_000)
    const view = await w.ok(placeOrder(w.input({ coins: 300 })))
    expect(view.status).toBe("paid")
    await w.ok(giveCoinsBack(ana.id, view.id, NOV_10 + DAY))
    await w.ok(giveCoinsBack(ana.id, view.id, NOV_10 + 2 * DAY))
    expect(w.kinds().filter(([kind]) => kind === "coin_return")).toHaveLength(1)
    expect(w.balance()).toBe(1_000)
  })
})

describe("coupon rules at checkout", () => {
  it("'Não acumula com moedas': the coupon is refused with coins, and fine without", async () => {
    const w = withCoins(1_000, { coupon: { notWithCoins: true } })
    const priced = await w.ok(priceCheckout({ ...w.input({ couponCode: "BEMVINDO" }), coins: 100 }))
    expect(priced.coupon).toBeNull()
    expect(priced.couponError).toBe("Este cupom não pode ser usado junto com moedas.")
    expect(await w.fails(placeOrder(w.input({ couponCode: "BEMVINDO", coins: 100 })))).toMatchObject({
      message: "Este cupom não pode ser usado junto com moedas.",
      field: "coupon",
    })
    expect(w.balance()).toBe(1_000)
    const view = await w.ok(placeOrder(w.input({ couponCode: "BEMVINDO" })))
    expect(view.couponCode).toBe("BEMVINDO")
  })

  it("'Uso único por cliente': once per account and per CPF while an order holds it; free again when it expires", async () => {
    const w = shopWithCart({
      now: NOV_10,
      coupon: { oncePerCustomer: true },
      script: [{ status: "pending" }, { status: "approved" }, { status: "approved" }],
    })
    const cart = w.db.cart(ana.id)
    const first = await w.ok(placeOrder(w.input({ couponCode: "BEMVINDO", payment: { method: "pix" } })))
    expect(first.couponCode).toBe("BEMVINDO")
    w.db.setCart(ana.id, cart) // the PIX order took its lines out of the cart

    const again = w.input({ couponCode: "BEMVINDO", idempotencyKey: "key-2" })
    expect((await w.ok(priceCheckout(again))).couponError).toBe("Você já usou este cupom.")
    expect(await w.fails(placeOrder(again))).toMatchObject({ message: "Você já usou este cupom." })

    // Another account with the same CPF is the same customer.
    const brunoAddress = w.db.addAddress(bruno.id, w.address)
    w.db.setCart(bruno.id, cart)
    const asBruno = { ...again, addressId: brunoAddress.id }
    expect(await w.fails(placeOrder(asBruno), bruno)).toMatchObject({ message: "Você já usou este cupom." })

    w.advance(3 * DAY)
    expect(await w.ok(expireOrders())).toMatchObject({ expired: 1 })
    expect(w.db.couponUses()).toEqual([])
    const later = await w.ok(placeOrder({ ...again, idempotencyKey: "key-3" }))
    expect(later.couponCode).toBe("BEMVINDO")
    expect(w.db.couponUses()).toMatchObject([{ userId: ana.id, orderId: later.id, cpf: "52998224725" }])
  })
})
