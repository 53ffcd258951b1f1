import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import { createActor, fromPromise } from "xstate"
import { sandboxInstallments } from "../../domain/pricing/installments"
import {
  CardTokenError,
  EMPTY_FIELDS,
  luhnValid,
  maskCardNumber,
  maskExpiry,
  type NonSensitiveCard,
  type SecureField,
  validateCardForm,
} from "./cardEntry"
import {
  type CepInfo,
  type CheckoutEvent,
  type CheckoutOrder,
  type Choice,
  checkoutMachine,
  type InstallmentsInput,
  MAX_POLLS,
  type PayOrderInput,
  type PlaceOrderInput,
  POLL_INTERVAL_MS,
  type PricedCheckout,
  type ResumePoint,
  readCoins,
  type SavedAddress,
  type StartData,
} from "./checkout"

const HOME: SavedAddress = {
  id: "addr-1",
  isDefault: true,
  name: "Ana Souza",
  street: "Avenida Paulista",
  number: "1000",
  complement: "",
  neighborhood: "Bela Vista",
  city: "São Paulo",
  state: "SP",
  zipCode: "01310100",
}
const WORK: SavedAddress = { ...HOME, id: "addr-2", isDefault: false, number: "2000" }

const start = (
  addresses: SavedAddress[] = [WORK, HOME],
  cpf: string | null = "12345678909",
  cartCoupon: string | null = null,
): StartData =>
  ({ addresses, cpf, gateway: "sandbox", publicKey: null, checkoutPro: false, cartCoupon }) as StartData

const PAC = { id: "pac", name: "PAC", price: 2500, days: 8, provider: "Correios" }
const SEDEX = { id: "sedex", name: "SEDEX", price: 4500, days: 3, provider: "Correios" }

/** A balance of 1 000 coins; 599 is the most R$ 299,90 of items may use. */
const pricedCoins = (asked: number) => ({
  balance: 1_000,
  max: 599,
  centsPerCoin: 10,
  coins: asked <= 599 ? asked : 0,
  discount: asked <= 599 ? asked * 10 : 0,
  error: asked <= 599 ? null : "Neste pedido você pode usar até 599 moedas.",
})

/** The checkout as the server prices it with the cart's coupon (BEMVINDO10 applies; any other was taken off). */
function priced(choice: Choice, cartCoupon: string | null = null): PricedCheckout {
  const shipping = choice.shippingOptionId === "sedex" ? SEDEX : PAC
  const coupon =
    cartCoupon === "BEMVINDO10" ? { code: "BEMVINDO10", id: "c1", discount: 2999, shippingDiscount: 0 } : null
  const discount = coupon?.discount ?? 0
  return {
    lines: [],
    address: HOME,
    shippingOptions: [PAC, SEDEX],
    shipping,
    coupon,
    couponError:
      cartCoupon && !coupon
        ? `Este cupom expirou. O cupom ${cartCoupon} foi removido do seu carrinho.`
        : null,
    coins: pricedCoins(choice.coins ?? 0),
    totals: { subtotal: 29990, discount, shipping: shipping.price, total: 29990 - discount + shipping.price },
  } as unknown as PricedCheckout
}

function order(
  status: CheckoutOrder["status"],
  payment: Partial<NonNullable<CheckoutOrder["payment"]>> | null,
  id = "order-1",
): CheckoutOrder {
  return {
    id,
    status,
    totals: { subtotal: 29990, discount: 0, shipping: 2500, total: 32490 },
    payment: payment
      ? { method: "card", status: "approved", message: "", redirectUrl: null, ...payment }
      : null,
    canRetry: status === "rejected" || (status === "awaiting_payment" && payment?.status !== "approved"),
  } as unknown as CheckoutOrder
}

const APPROVED = order("paid", { status: "approved", message: "Pagamento aprovado!" })
const REJECTED = order("rejected", {
  status: "rejected",
  message: "O banco emissor recusou o pagamento. Use outro cartão ou outra forma de pagamento.",
})

/** A tRPC client error as the browser gets it. */
const trpcError = (code: string, message: string, fieldErrors?: Record<string, string>) =>
  Object.assign(new Error(message), { name: "TRPCClientError", data: { code, fieldErrors } })

interface Script {
  loadStart?: () => Promise<StartData>
  loadOrder?: (input: { orderId: string }) => Promise<CheckoutOrder>
  price?: (input: Choice) => Promise<PricedCheckout>
  applyCoupon?: (input: Choice & { code: string }) => Promise<PricedCheckout>
  saveAddress?: (input: { address: Record<string, string>; makeDefault: boolean }) => Promise<SavedAddress>
  lookupCep?: (input: { cep: string }) => Promise<CepInfo>
  tokenizeCard?: (input: NonSensitiveCard) => Promise<{
    token: string
    paymentMethodId: string
    issuerId: string | null
    lastFour: string
    deviceSessionId: string | null
  }>
  loadInstallments?: (input: InstallmentsInput) => Promise<ReturnType<typeof sandboxInstallments>>
  placeOrder?: (input: PlaceOrderInput) => Promise<CheckoutOrder>
  payOrder?: (input: PayOrderInput) => Promise<CheckoutOrder>
  pollOrder?: (input: { orderId: string }) => Promise<CheckoutOrder>
}

function run(
  script: Script = {},
  input: { orderId?: string | null; cep?: string; cartCoupon?: string | null; resume?: ResumePoint } = {},
) {
  let keys = 0
  // The coupon kept with the cart on the server: priced with every request, taken off when it no longer applies.
  let cartCoupon = input.cartCoupon ?? null
  const priceWithCart = (choice: Choice) => {
    const answer = priced(choice, cartCoupon)
    if (!answer.coupon) cartCoupon = null
    return answer
  }
  const fns = {
    loadStart: vi.fn(script.loadStart ?? (async () => start(undefined, undefined, cartCoupon))),
    loadOrder: vi.fn(script.loadOrder ?? (async () => REJECTED)),
    price: vi.fn(script.price ?? (async (choice: Choice) => priceWithCart(choice))),
    applyCoupon: vi.fn(
      script.applyCoupon ??
        (async ({ code, ...choice }: Choice & { code: string }) => {
          if (code !== "BEMVINDO10")
            throw trpcError("BAD_REQUEST", "Cupom não encontrado", { coupon: "Cupom não encontrado" })
          cartCoupon = code
          return priceWithCart(choice)
        }),
    ),
    removeCoupon: vi.fn(async (choice: Choice) => {
      cartCoupon = null
      return priceWithCart(choice)
    }),
    saveAddress: vi.fn(
      script.saveAddress ??
        (async ({ address, makeDefault }) => ({
          ...HOME,
          ...address,
          id: "addr-new",
          isDefault: makeDefault,
        })),
    ),
    lookupCep: vi.fn(
      script.lookupCep ??
        (async ({ cep }: { cep: string }) =>
          ({
            cep,
            state: "SP",
            city: "São Paulo",
            street: "Avenida Paulista",
            neighborhood: "Bela Vista",
            complete: true,
          }) as CepInfo),
    ),
    tokenizeCard: vi.fn(
      script.tokenizeCard ??
        (async (card: NonSensitiveCard) => ({
          token: `tok-${card.cardholderName}`,
          paymentMethodId: "master",
          issuerId: null,
          lastFour: "6351",
          deviceSessionId: null,
        })),
    ),
    loadInstallments: vi.fn(script.loadInstallments ?? (async () => sandboxInstallments(32490))),
    placeOrder: vi.fn(script.placeOrder ?? (async () => APPROVED)),
    payOrder: vi.fn(script.payOrder ?? (async () => APPROVED)),
    pollOrder: vi.fn(script.pollOrder ?? (async () => APPROVED)),
  }
  const showResult = vi.fn()
  const redirectTo = vi.fn()
  const machine = checkoutMachine.provide({
    actors: Object.fromEntries(
      Object.entries(fns).map(([name, fn]) => [
        name,
        fromPromise(({ input }) => (fn as (i: unknown) => Promise<unknown>)(input)),
      ]),
    ) as never,
    actions: {
      showResult: (_, params) => showResult(params),
      redirectTo: (_, params) => redirectTo(params),
    },
  })
  const actor = createActor(machine, {
    input: {
      ...(input.cep ? { cep: input.cep } : {}),
      ...(input.resume ? { resume: input.resume } : {}),
      orderId: input.orderId ?? null,
      makeKey: () => `key-${String(++keys).padStart(16, "0")}`,
    },
  })
  actor.start()
  const send = (...events: CheckoutEvent[]) => {
    for (const event of events) actor.send(event)
  }
  const state = () => actor.getSnapshot()
  const setCartCoupon = (code: string | null) => {
    cartCoupon = code
  }
  return { actor, send, state, fns, showResult, redirectTo, cartCoupon: () => cartCoupon, setCartCoupon }
}

const settle = () => vi.advanceTimersByTimeAsync(0)

/** What the card fields (Mercado Pago's or the sandbox's) tell the machine as a field is typed in. */
const fieldSays = (field: SecureField, complete: boolean, error: string | null = null): CheckoutEvent => ({
  type: "CARD_FIELD",
  field,
  state: { complete, error },
})

/** The test card 5031 4332 1540 6351, 11/30, 123, as the fields report it: its bin and each field complete. */
const APRO_CARD: CheckoutEvent[] = [
  { type: "PAYMENT_READY" },
  { type: "CARD_BIN", bin: "503143" },
  fieldSays("number", true),
  { type: "CHANGE_HOLDER", value: "APRO" },
  fieldSays("expiry", true),
  fieldSays("securityCode", true),
]

/** Address chosen and shipping priced: the payment step. */
async function toPayment(r: ReturnType<typeof run>) {
  await settle()
  r.send({ type: "CONTINUE" })
  await settle()
  r.send({ type: "CONTINUE" })
  await settle()
}

/** Address chosen, shipping priced, card typed and tokenized: the review step. */
async function toReview(r: ReturnType<typeof run>, card: CheckoutEvent[] = APRO_CARD) {
  await settle()
  r.send({ type: "CONTINUE" })
  await settle()
  r.send({ type: "CONTINUE" })
  await settle()
  r.send(...card, { type: "SELECT_INSTALLMENTS", installments: 3 })
  await settle()
  r.send({ type: "CONTINUE" })
  await settle()
  expect(r.state().value).toBe("review")
}

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe("checkout machine: loud defaults", () => {
  it("without provided actors it stops on the load error, never on a made-up checkout", async () => {
    const actor = createActor(checkoutMachine, { input: {} }).start()
    await settle()
    expect(actor.getSnapshot().value).toBe("loadFailed")
    expect(actor.getSnapshot().context.errors.review).toBe(
      "Não foi possível carregar o checkout. Tente novamente.",
    )
  })

  it.each([
    "loadStart",
    "loadOrder",
    "price",
    "saveAddress",
    "lookupCep",
    "tokenizeCard",
    "loadInstallments",
    "placeOrder",
    "payOrder",
    "pollOrder",
  ])("the default %s throws '<name> not provided'", async (name) => {
    const logic = (checkoutMachine.implementations.actors as Record<string, unknown>)[name]
    const actor = createActor(logic as Parameters<typeof createActor>[0], { input: {} as never })
    const failed = new Promise((resolve) => actor.subscribe({ error: resolve }))
    actor.start()
    expect(await failed).toEqual(new Error(`${name} not provided`))
  })
})

describe("checkout machine: address", () => {
  it("starts on the default address and its saved CPF, masked", async () => {
    const r = run()
    await settle()
    expect(r.state().value).toEqual({ address: "choosing" })
    expect(r.state().context.addressId).toBe("addr-1")
    expect(r.state().context.cpf).toBe("123.456.789-09")
  })

  it("needs a chosen address to go on", async () => {
    const r = run({ loadStart: async () => start([WORK]) })
    await settle()
    r.send({ type: "SELECT_ADDRESS", id: "gone" }, { type: "CONTINUE" })
    expect(r.state().value).toEqual({ address: "choosing" })
    expect(r.state().context.errors.address).toBe("Escolha um endereço de entrega")
    r.send({ type: "SELECT_ADDRESS", id: "addr-2" }, { type: "CONTINUE" })
    expect(r.state().value).toEqual({ shipping: "pricing" })
    expect(r.state().context.errors.address).toBeNull()
  })

  it("with an empty address book opens the form; a CEP fills the address; the rules of the server apply first", async () => {
    const r = run({ loadStart: async () => start([]) })
    await settle()
    expect(r.state().value).toEqual({ address: { form: "editing" } })
    r.send({ type: "SAVE_ADDRESS" })
    expect(r.state().context.fieldErrors).toMatchObject({
      name: "Nome é obrigatório",
      street: "Rua é obrigatória",
      zipCode: "Formato de CEP inválido",
    })
    expect(r.fns.saveAddress).not.toHaveBeenCalled()

    r.send({ type: "CHANGE_DRAFT", field: "zipCode", value: "01310-10" })
    expect(r.fns.lookupCep).not.toHaveBeenCalled()
    r.send({ type: "CHANGE_DRAFT", field: "zipCode", value: "01310-100" })
    expect(r.state().value).toEqual({ address: { form: "lookingUp" } })
    await settle()
    expect(r.fns.lookupCep).toHaveBeenCalledExactlyOnceWith({ cep: "01310-100" })
    expect(r.state().context.draft).toMatchObject({
      street: "Avenida Paulista",
      neighborhood: "Bela Vista",
      city: "São Paulo",
      state: "SP",
    })
    expect(r.state().context.fieldErrors.zipCode).toBeUndefined()
    expect(r.state().context.fieldErrors.street).toBeUndefined()
    // The same CEP typed again is not asked again.
    r.send({ type: "CHANGE_DRAFT", field: "zipCode", value: "01310100" })
    expect(r.fns.lookupCep).toHaveBeenCalledTimes(1)

    r.send(
      { type: "CHANGE_DRAFT", field: "name", value: "Ana Souza" },
      { type: "CHANGE_DRAFT", field: "number", value: "1000" },
      { type: "SAVE_ADDRESS" },
    )
    expect(r.state().value).toEqual({ address: { form: "saving" } })
    await settle()
    expect(r.fns.saveAddress).toHaveBeenCalledWith({
      address: expect.objectContaining({ zipCode: "01310100", name: "Ana Souza" }),
      makeDefault: false,
    })
    expect(r.state().value).toEqual({ shipping: "ready" })
    expect(r.state().context.addressId).toBe("addr-new")
    expect(r.fns.price).toHaveBeenCalledWith({
      addressId: "addr-new",
      shippingOptionId: null,
    })
  })

  it("a new address starts with the cart's CEP, looked up as if typed", async () => {
    const r = run({ loadStart: async () => start([]) }, { cep: "01310100" })
    await settle()
    expect(r.fns.lookupCep).toHaveBeenCalledExactlyOnceWith({ cep: "01310-100" })
    expect(r.state().value).toEqual({ address: { form: "editing" } })
    expect(r.state().context.draft).toMatchObject({
      zipCode: "01310-100",
      street: "Avenida Paulista",
      state: "SP",
    })

    const withBook = run({}, { cep: "20040020" })
    await settle()
    expect(withBook.fns.lookupCep).not.toHaveBeenCalled()
    withBook.send({ type: "NEW_ADDRESS" })
    await settle()
    expect(withBook.fns.lookupCep).toHaveBeenCalledExactlyOnceWith({ cep: "20040-020" })
    expect(withBook.state().context.draft.zipCode).toBe("20040-020")
  })

  it("without a CEP from the cart the form starts empty and asks nothing", async () => {
    const r = run({ loadStart: async () => start([]) })
    await settle()
    expect(r.state().value).toEqual({ address: { form: "editing" } })
    expect(r.state().context.draft.zipCode).toBe("")
    expect(r.fns.lookupCep).not.toHaveBeenCalled()
  })

  it("a CEP the postal service does not know marks the field", async () => {
    const r = run({
      loadStart: async () => start([]),
      lookupCep: async () => {
        throw trpcError(
          "BAD_REQUEST",
          "CEP não encontrado. Verifique se digitou corretamente e tente novamente.",
        )
      },
    })
    await settle()
    r.send({ type: "CHANGE_DRAFT", field: "zipCode", value: "99999-998" })
    await settle()
    expect(r.state().context.fieldErrors.zipCode).toMatch(/^CEP não encontrado/)
    expect(r.state().value).toEqual({ address: { form: "editing" } })
  })

  it("the server's field refusal lands on its field", async () => {
    const r = run({
      loadStart: async () => start([HOME]),
      saveAddress: async () => {
        throw trpcError("BAD_REQUEST", "O CEP informado não pertence a este estado", {
          zipCode: "O CEP informado não pertence a este estado",
        })
      },
    })
    await settle()
    r.send({ type: "NEW_ADDRESS" })
    for (const [field, value] of Object.entries({
      name: "Ana",
      street: "Rua A",
      number: "1",
      neighborhood: "Centro",
      city: "São Paulo",
      state: "SP",
    }))
      r.send({ type: "CHANGE_DRAFT", field: field as "name", value })
    r.send({ type: "CHANGE_DRAFT", field: "zipCode", value: "01310-100" })
    await settle()
    r.send({ type: "SAVE_ADDRESS" })
    await settle()
    expect(r.state().value).toEqual({ address: { form: "editing" } })
    expect(r.state().context.fieldErrors.zipCode).toBe("O CEP informado não pertence a este estado")
    r.send({ type: "CANCEL_ADDRESS" })
    expect(r.state().value).toEqual({ address: "choosing" })
  })
})

describe("checkout machine: a reload", () => {
  it("goes back to the payment step with the address and shipping it had, the coupon priced", async () => {
    const r = run(
      {},
      {
        cartCoupon: "BEMVINDO10",
        resume: { step: "review", addressId: "addr-2", shippingOptionId: "sedex" },
      },
    )
    await settle()
    expect(r.fns.price).toHaveBeenCalledExactlyOnceWith({ addressId: "addr-2", shippingOptionId: "sedex" })
    // The card's token was not kept: the review is reached from the payment step again.
    expect(r.state().matches("payment")).toBe(true)
    expect(r.state().context.priced?.totals.discount).toBe(2999)
    r.send({ type: "BACK" })
    await settle()
    expect(r.state().value).toEqual({ shipping: "ready" })
  })

  it("stays on the shipping step it was on", async () => {
    const r = run({}, { resume: { step: "shipping", addressId: "addr-2" } })
    await settle()
    expect(r.state().value).toEqual({ shipping: "ready" })
    expect(r.state().context.addressId).toBe("addr-2")
  })

  it("never shows a step whose address or shipping is missing", async () => {
    const noAddress = run({ loadStart: async () => start([]) }, { resume: { step: "payment" } })
    await settle()
    expect(noAddress.state().matches("address")).toBe(true)

    // The shipping it had chosen is gone: the shipping step says so instead of the payment step.
    const gone = run(
      {
        price: async (choice) => {
          if (choice.shippingOptionId === "gone")
            throw trpcError("BAD_REQUEST", "O frete mudou", { shipping: "O frete mudou" })
          return priced(choice)
        },
      },
      { resume: { step: "payment", shippingOptionId: "gone" } },
    )
    await settle()
    expect(gone.state().value).toEqual({ shipping: "failed" })
    gone.send({ type: "RETRY" })
    await settle()
    expect(gone.state().value).toEqual({ shipping: "ready" })
  })

  it("of an order paid again ignores the step in the address bar", async () => {
    const r = run({}, { orderId: "order-1", resume: { step: "shipping", addressId: "addr-2" } })
    await settle()
    expect(r.state().matches("payment")).toBe(true)
    expect(r.fns.price).not.toHaveBeenCalled()
  })
})

describe("checkout machine: shipping and coupon", () => {
  it("prices the address, switches shipping, applies a coupon to the cart and keeps a refused one out", async () => {
    const r = run()
    await settle()
    r.send({ type: "CONTINUE" })
    await settle()
    expect(r.state().value).toEqual({ shipping: "ready" })
    expect(r.state().context.shippingOptionId).toBe("pac")

    r.send({ type: "SELECT_SHIPPING", id: "sedex" })
    await settle()
    expect(r.fns.price).toHaveBeenLastCalledWith({ addressId: "addr-1", shippingOptionId: "sedex" })
    expect(r.state().context.priced?.totals.total).toBe(29990 + 4500)

    r.send({ type: "APPLY_COUPON" })
    expect(r.state().context.fieldErrors.coupon).toBe("Digite o código do cupom")
    r.send({ type: "CHANGE_COUPON", value: " bemvindo10 " }, { type: "APPLY_COUPON" })
    expect(r.state().value).toEqual({ shipping: "applyingCoupon" })
    await settle()
    expect(r.fns.applyCoupon).toHaveBeenLastCalledWith({
      addressId: "addr-1",
      shippingOptionId: "sedex",
      code: "BEMVINDO10",
    })
    expect(r.cartCoupon()).toBe("BEMVINDO10")
    expect(r.state().context.priced?.coupon?.discount).toBe(2999)
    expect(r.state().context.fieldErrors.coupon).toBeUndefined()

    // A refused code leaves the cart's coupon, and the total, as they were.
    r.send({ type: "CHANGE_COUPON", value: "NAOEXISTE" }, { type: "APPLY_COUPON" })
    await settle()
    expect(r.state().value).toEqual({ shipping: "ready" })
    expect(r.state().context.fieldErrors.coupon).toBe("Cupom não encontrado")
    expect(r.cartCoupon()).toBe("BEMVINDO10")
    expect(r.state().context.priced?.totals.discount).toBe(2999)

    r.send({ type: "REMOVE_COUPON" })
    await settle()
    expect(r.fns.removeCoupon).toHaveBeenCalledExactlyOnceWith({
      addressId: "addr-1",
      shippingOptionId: "sedex",
    })
    expect(r.cartCoupon()).toBeNull()
    expect(r.state().context.priced?.coupon).toBeNull()
    expect(r.state().context.couponInput).toBe("")

    r.send({ type: "BACK" })
    expect(r.state().value).toEqual({ address: "choosing" })
  })

  it("the cart's coupon (another tab's, or before a reload) is priced at once and shown applied", async () => {
    const r = run({}, { cartCoupon: "BEMVINDO10" })
    await settle()
    expect(r.fns.price).toHaveBeenCalledExactlyOnceWith({ addressId: "addr-1", shippingOptionId: null })
    expect(r.state().value).toEqual({ address: "choosing" })
    expect(r.state().context.priced?.coupon?.code).toBe("BEMVINDO10")
    expect(r.state().context.couponInput).toBe("BEMVINDO10")
    r.send({ type: "CONTINUE" })
    await settle()
    expect(r.fns.price).toHaveBeenLastCalledWith({ addressId: "addr-1", shippingOptionId: "pac" })
    expect(r.state().context.priced?.totals.discount).toBe(2999)
  })

  it("a cart coupon the server took off says why, and the reason stays on the shipping step", async () => {
    const r = run({}, { cartCoupon: "VENCIDO" })
    await settle()
    const notice = "Este cupom expirou. O cupom VENCIDO foi removido do seu carrinho."
    expect(r.state().context.fieldErrors.coupon).toBe(notice)
    expect(r.state().context.priced?.coupon).toBeNull()
    r.send({ type: "CONTINUE" })
    await settle()
    expect(r.state().value).toEqual({ shipping: "ready" })
    expect(r.state().context.fieldErrors.coupon).toBe(notice)
    r.send({ type: "CHANGE_COUPON", value: "BEMVINDO10" })
    expect(r.state().context.fieldErrors.coupon).toBeUndefined()
  })

  it("an order paid again prices no cart coupon", async () => {
    const r = run({}, { cartCoupon: "BEMVINDO10", orderId: "order-1" })
    await settle()
    expect(r.fns.price).not.toHaveBeenCalled()
  })

  it("a coupon refused when the order is placed reprices without it and keeps the reason by the field", async () => {
    const refusal = "Este cupom atingiu o limite de usos. O cupom BEMVINDO10 foi removido do seu carrinho."
    const r = run({}, { cartCoupon: "BEMVINDO10" })
    await toReview(r)
    expect(r.state().context.priced?.totals.discount).toBe(2999)
    const asks = r.fns.price.mock.calls.length
    r.fns.placeOrder.mockImplementationOnce(async () => {
      // The server took it off the cart when it refused it.
      r.setCartCoupon(null)
      throw trpcError("BAD_REQUEST", refusal, { coupon: refusal })
    })
    r.send({ type: "PLACE" })
    await settle()
    expect(r.fns.price.mock.calls.length).toBe(asks + 1)
    expect(r.state().value).toEqual({ shipping: "ready" })
    expect(r.state().context.priced?.totals.discount).toBe(0)
    expect(r.state().context.fieldErrors.coupon).toBe(refusal)
  })

  it("spends coins: the choice carries them, the server's answer is kept, removing them prices again", async () => {
    const r = run()
    await settle()
    r.send({ type: "CONTINUE" })
    await settle()
    r.send({ type: "SET_COINS", coins: 250 })
    await settle()
    expect(r.fns.price).toHaveBeenLastCalledWith({
      addressId: "addr-1",
      shippingOptionId: "pac",
      coins: 250,
    })
    expect(r.state().context.coins).toBe(250)
    expect(r.state().context.priced?.coins.discount).toBe(2_500)

    r.send({ type: "SET_COINS", coins: 100 })
    await settle()
    r.send({ type: "SET_COINS", coins: 0 })
    await settle()
    expect(r.fns.price).toHaveBeenLastCalledWith({
      addressId: "addr-1",
      shippingOptionId: "pac",
    })
    expect(r.state().context.coins).toBe(0)
  })

  it("refuses coins it cannot spend next to the field, without pricing again or touching the totals", async () => {
    const r = run()
    await settle()
    r.send({ type: "CONTINUE" })
    await settle()
    const asks = r.fns.price.mock.calls.length
    const totals = r.state().context.priced?.totals
    const refusals: [number, string][] = [
      [-5, "A quantidade de moedas não pode ser negativa."],
      [2.5, "Use um número inteiro de moedas."],
      [Number.NaN, "Digite a quantidade de moedas em números."],
      [600, "Neste pedido você pode usar até 599 moedas."],
      [1_001, "Você não tem moedas suficientes: seu saldo é de 1000 moedas."],
    ]
    for (const [coins, message] of refusals) {
      r.send({ type: "SET_COINS", coins })
      await settle()
      expect(r.state().value).toEqual({ shipping: "ready" })
      expect(r.state().context.fieldErrors.coins).toBe(message)
      expect(r.state().context.coins).toBe(0)
      expect(r.state().context.priced?.totals).toBe(totals)
    }
    expect(r.fns.price).toHaveBeenCalledTimes(asks)

    // A good amount clears the error and is priced.
    r.send({ type: "SET_COINS", coins: 599 })
    await settle()
    expect(r.state().context.fieldErrors.coins).toBeUndefined()
    expect(r.state().context.coins).toBe(599)
    expect(r.fns.price).toHaveBeenCalledTimes(asks + 1)
  })

  it("reads the coins field's text: whole numbers, a decimal comma as a fraction, the rest unreadable", () => {
    expect(readCoins(" 30 ")).toBe(30)
    expect(readCoins("-5")).toBe(-5)
    expect(readCoins("1,5")).toBe(1.5)
    expect(readCoins("1.5")).toBe(1.5)
    for (const text of ["", " ", "abc", "1e3", "1.000,5", "--1", "+"]) expect(readCoins(text)).toBeNaN()
  })

  it("a failed quote stays on the step with its message and can be tried again", async () => {
    let calls = 0
    const r = run({
      price: async (choice) => {
        calls += 1
        if (calls === 1) throw new TypeError("Failed to fetch")
        return priced(choice)
      },
    })
    await settle()
    r.send({ type: "CONTINUE" })
    await settle()
    expect(r.state().value).toEqual({ shipping: "failed" })
    expect(r.state().context.errors.shipping).toBe("Não foi possível calcular o frete. Tente novamente.")
    r.send({ type: "CONTINUE" })
    expect(r.state().value).toEqual({ shipping: "failed" })
    r.send({ type: "RETRY" })
    await settle()
    expect(r.state().value).toEqual({ shipping: "ready" })
    expect(r.state().context.errors.shipping).toBeNull()
  })
})

describe("checkout machine: payment step", () => {
  it("loads the installments of the priced total, again when a card's BIN is typed", async () => {
    const r = run()
    await toPayment(r)
    expect(r.state().value).toEqual({ payment: "ready" })
    expect(r.fns.loadInstallments).toHaveBeenCalledExactlyOnceWith({
      of: { addressId: "addr-1", shippingOptionId: "pac" },
      bin: null,
    })
    expect(r.state().context.installmentOptions[2]?.message.replace(/\s/g, " ")).toBe(
      "3x de R$ 108,30 sem juros",
    )
    r.send({ type: "CARD_BIN", bin: "503143" })
    await settle()
    expect(r.fns.loadInstallments).toHaveBeenLastCalledWith(expect.objectContaining({ bin: "503143" }))
    // The same card, or its digits erased: the table shown stays.
    r.send({ type: "CARD_BIN", bin: "503143" }, { type: "CARD_BIN", bin: null })
    expect(r.fns.loadInstallments).toHaveBeenCalledTimes(2)
    r.send({ type: "CARD_BIN", bin: "42356477" })
    await settle()
    expect(r.fns.loadInstallments).toHaveBeenLastCalledWith(expect.objectContaining({ bin: "42356477" }))
  })

  it("says the spec's texts: form not initialised, invalid card data, system not initialised", async () => {
    const r = run()
    await toPayment(r)
    r.send({ type: "CONTINUE" })
    expect(r.state().context.errors.payment).toBe("Formulário de cartão não inicializado")
    r.send({ type: "PAYMENT_READY" }, fieldSays("number", false))
    r.send({ type: "CONTINUE" })
    expect(r.state().context.errors.payment).toBe("Dados do cartão inválidos")
    expect(r.state().context.fieldErrors).toMatchObject({
      number: "Número do cartão inválido",
      holder: "Informe o nome impresso no cartão",
      expiry: "Validade inválida (use MM/AA)",
      securityCode: "Código de segurança inválido",
    })
    expect(r.fns.tokenizeCard).not.toHaveBeenCalled()
    r.send({ type: "CHANGE_CPF", value: "111.111.111-11" }, { type: "SELECT_METHOD", method: "pix" })
    await settle()
    r.send({ type: "CONTINUE" })
    expect(r.state().context.fieldErrors.cpf).toBe("CPF inválido")
    expect(r.state().value).toEqual({ payment: "ready" })
  })

  it("a missing payment system is the spec's 'Sistema de pagamento não inicializado'", async () => {
    const r = run()
    await toPayment(r)
    r.send({ type: "PAYMENT_FAILED_TO_LOAD" })
    expect(r.state().context.errors.payment).toBe("Erro ao carregar sistema de pagamento")
    r.send({ type: "CONTINUE" })
    expect(r.state().context.errors.payment).toBe("Formulário de cartão não inicializado")
    // PIX needs no card tokenizer.
    r.send({ type: "SELECT_METHOD", method: "pix" })
    await settle()
    r.send({ type: "CONTINUE" })
    expect(r.state().value).toBe("review")
  })

  it("the tokenizer's refusal marks its field", async () => {
    const r = run({
      tokenizeCard: async () => {
        throw new CardTokenError("Cartão vencido", "expirationYear")
      },
    })
    await toPayment(r)
    r.send(...APRO_CARD, { type: "CONTINUE" })
    expect(r.state().value).toEqual({ payment: "tokenizing" })
    await settle()
    expect(r.state().value).toEqual({ payment: "ready" })
    expect(r.state().context.errors.payment).toBe("Dados do cartão inválidos")
    expect(r.state().context.fieldErrors.expiry).toBe("Cartão vencido")
    // The machine gives the fields only what the store may see: holder and CPF.
    expect(r.fns.tokenizeCard).toHaveBeenCalledWith({
      cardholderName: "APRO",
      identificationType: "CPF",
      identificationNumber: "12345678909",
    })
  })
})

describe("checkout machine: placing the order", () => {
  it("card APRO in 3x: one order under one key, even when confirmed twice, then the result page", async () => {
    let answer: (o: CheckoutOrder) => void = () => {}
    const r = run({ placeOrder: () => new Promise((resolve) => (answer = resolve)) })
    await toReview(r)
    r.send({ type: "PLACE" }, { type: "PLACE" })
    expect(r.state().value).toEqual({ processing: "placing" })
    r.send({ type: "PLACE" })
    expect(r.fns.placeOrder).toHaveBeenCalledTimes(1)
    expect(r.fns.placeOrder).toHaveBeenCalledWith({
      addressId: "addr-1",
      shippingOptionId: "pac",
      idempotencyKey: "key-0000000000000001",
      cpf: "12345678909",
      payment: {
        method: "card",
        card: { token: "tok-APRO", installments: 3, paymentMethodId: "master", issuerId: null },
      },
    })
    answer(APPROVED)
    await settle()
    expect(r.state().value).toBe("result")
    expect(r.state().status).toBe("done")
    expect(r.showResult).toHaveBeenCalledExactlyOnceWith({ orderId: "order-1" })
  })

  it("a refused card returns to payment with the reason; the new attempt pays the same order under a new key", async () => {
    const r = run({ placeOrder: async () => REJECTED })
    await toReview(r, [
      ...APRO_CARD.slice(0, 1),
      ...APRO_CARD.slice(1).map((e) => (e.type === "CHANGE_HOLDER" ? { ...e, value: "OTHE" } : e)),
    ])
    r.send({ type: "PLACE" })
    await settle()
    expect(r.state().value).toEqual({ payment: "ready" })
    expect(r.state().context.errors.payment).toBe(
      "O banco emissor recusou o pagamento. Use outro cartão ou outra forma de pagamento.",
    )
    expect(r.state().context.orderId).toBe("order-1")
    expect(r.state().context.cardToken).toBeNull()
    // Going back to the cart's choices is no longer possible: the order is placed.
    r.send({ type: "BACK" })
    expect(r.state().value).toEqual({ payment: "ready" })

    r.send({ type: "CHANGE_HOLDER", value: "APRO" }, { type: "CONTINUE" })
    await settle()
    r.send({ type: "PLACE" })
    await settle()
    expect(r.fns.placeOrder).toHaveBeenCalledTimes(1)
    expect(r.fns.payOrder).toHaveBeenCalledExactlyOnceWith({
      orderId: "order-1",
      idempotencyKey: "key-0000000000000002",
      payment: { method: "card", card: expect.objectContaining({ token: "tok-APRO", installments: 3 }) },
    })
    expect(r.state().value).toBe("result")
  })

  it("a network failure keeps the key: the retry is the same attempt", async () => {
    let calls = 0
    const r = run({
      placeOrder: async () => {
        calls += 1
        if (calls === 1) throw new TypeError("Failed to fetch")
        return APPROVED
      },
    })
    await toReview(r)
    r.send({ type: "PLACE" })
    await settle()
    expect(r.state().value).toBe("review")
    expect(r.state().context.errors.review).toBe("Erro ao processar pagamento")
    r.send({ type: "PLACE" })
    await settle()
    expect(r.fns.placeOrder.mock.calls.map(([i]) => i.idempotencyKey)).toEqual([
      "key-0000000000000001",
      "key-0000000000000001",
    ])
    expect(r.state().value).toBe("result")
  })

  it("a payment error: the next submit replays the old key to find the order, then pays it under a new key", async () => {
    const r = run({
      placeOrder: vi
        .fn<(i: PlaceOrderInput) => Promise<CheckoutOrder>>()
        .mockRejectedValueOnce(trpcError("UNPROCESSABLE_CONTENT", "Dados do cartão inválidos"))
        .mockResolvedValueOnce(order("rejected", { status: "rejected", message: "x" }, "order-9")),
    })
    await toReview(r)
    r.send({ type: "PLACE" })
    await settle()
    expect(r.state().value).toEqual({ payment: "ready" })
    expect(r.state().context.errors.payment).toBe("Dados do cartão inválidos")
    expect(r.state().context.cardToken).toBeNull()
    r.send({ type: "CONTINUE" })
    await settle()
    r.send({ type: "PLACE" })
    await settle()
    expect(r.fns.placeOrder.mock.calls.map(([i]) => i.idempotencyKey)).toEqual([
      "key-0000000000000001",
      "key-0000000000000001",
    ])
    expect(r.fns.payOrder).toHaveBeenCalledExactlyOnceWith(
      expect.objectContaining({ orderId: "order-9", idempotencyKey: "key-0000000000000002" }),
    )
    expect(r.state().value).toBe("result")
  })

  it.each<[string, Record<string, string>, unknown]>([
    ["cpf", { cpf: "CPF inválido" }, { payment: "ready" }],
    [
      "installments",
      { installments: "Número de parcelas indisponível para este valor" },
      { payment: "ready" },
    ],
    ["coupon", { coupon: "Cupom esgotado" }, { shipping: "ready" }],
    ["address", { address: "Escolha um endereço de entrega" }, { address: "choosing" }],
  ])("a refusal of %s goes back to its step with a new key next time", async (_name, fieldErrors, target) => {
    const message = Object.values(fieldErrors)[0] ?? ""
    const r = run({
      placeOrder: vi
        .fn<(i: PlaceOrderInput) => Promise<CheckoutOrder>>()
        .mockRejectedValueOnce(trpcError("BAD_REQUEST", message, fieldErrors))
        .mockResolvedValue(APPROVED),
    })
    await toReview(r)
    r.send({ type: "PLACE" })
    await settle()
    expect(r.state().value).toEqual(target)
    expect(r.state().context.fieldErrors).toMatchObject(fieldErrors)
    expect(r.state().context.idempotencyKey).toBeNull()
  })

  it("PIX: no card, and the pending order goes to the result page that shows the QR code", async () => {
    const r = run({ placeOrder: async () => order("awaiting_payment", { method: "pix", status: "pending" }) })
    await settle()
    r.send({ type: "CONTINUE" })
    await settle()
    r.send({ type: "CONTINUE" })
    await settle()
    r.send({ type: "SELECT_METHOD", method: "pix" }, { type: "CONTINUE" })
    expect(r.state().value).toBe("review")
    r.send({ type: "PLACE" })
    await settle()
    expect(r.fns.tokenizeCard).not.toHaveBeenCalled()
    expect(r.fns.placeOrder).toHaveBeenCalledWith(expect.objectContaining({ payment: { method: "pix" } }))
    expect(r.showResult).toHaveBeenCalledWith({ orderId: "order-1" })
  })

  it("Checkout Pro: leaves for Mercado Pago's page", async () => {
    const url = "https://www.mercadopago.com.br/checkout/v1/redirect?pref_id=1"
    const r = run({
      placeOrder: async () =>
        order("awaiting_payment", { method: "checkout_pro", status: "new", redirectUrl: url }),
    })
    await settle()
    r.send({ type: "CONTINUE" })
    await settle()
    r.send({ type: "CONTINUE" })
    await settle()
    r.send({ type: "SELECT_METHOD", method: "checkout_pro" }, { type: "CONTINUE" }, { type: "PLACE" })
    await settle()
    expect(r.state().value).toBe("redirecting")
    expect(r.redirectTo).toHaveBeenCalledExactlyOnceWith({ url })
    expect(r.showResult).not.toHaveBeenCalled()
  })

  it("a payment without the gateway's answer is asked about every 3 s until it is known", async () => {
    const waiting = order("awaiting_payment", { status: "new" })
    const r = run({
      placeOrder: async () => waiting,
      pollOrder: vi
        .fn<(i: { orderId: string }) => Promise<CheckoutOrder>>()
        .mockResolvedValueOnce(waiting)
        .mockResolvedValueOnce(APPROVED),
    })
    await toReview(r)
    r.send({ type: "PLACE" })
    await settle()
    expect(r.state().value).toEqual({ waiting: "sleeping" })
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS - 1)
    expect(r.fns.pollOrder).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1)
    expect(r.fns.pollOrder).toHaveBeenCalledTimes(1)
    expect(r.state().value).toEqual({ waiting: "sleeping" })
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS)
    expect(r.fns.pollOrder).toHaveBeenCalledTimes(2)
    expect(r.state().value).toBe("result")
  })

  it("stops asking after the last poll and shows the result page, which keeps watching", async () => {
    const waiting = order("awaiting_payment", { status: "new" })
    const r = run({ placeOrder: async () => waiting, pollOrder: async () => waiting })
    await toReview(r)
    r.send({ type: "PLACE" })
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS * (MAX_POLLS + 1))
    expect(r.fns.pollOrder).toHaveBeenCalledTimes(MAX_POLLS)
    expect(r.state().value).toBe("result")
  })
})

describe("checkout machine: paying an order again (?pedido=)", () => {
  it("opens on the payment step of a refused order and pays it with payOrder", async () => {
    const r = run({}, { orderId: "order-1" })
    await settle()
    expect(r.fns.loadOrder).toHaveBeenCalledWith({ orderId: "order-1" })
    expect(r.state().value).toEqual({ payment: "ready" })
    expect(r.fns.loadInstallments).toHaveBeenCalledWith({ of: { orderId: "order-1" }, bin: null })
    r.send(...APRO_CARD, { type: "CONTINUE" })
    await settle()
    r.send({ type: "PLACE" })
    await settle()
    expect(r.fns.placeOrder).not.toHaveBeenCalled()
    expect(r.fns.payOrder).toHaveBeenCalledWith(expect.objectContaining({ orderId: "order-1" }))
    expect(r.state().value).toBe("result")
  })

  it("an order already paid goes to its result; another customer's order is not found", async () => {
    const paid = run({ loadOrder: async () => APPROVED }, { orderId: "order-1" })
    await settle()
    expect(paid.state().value).toBe("result")
    const other = run(
      {
        loadOrder: async () => {
          throw trpcError("NOT_FOUND", "Pedido não encontrado")
        },
      },
      { orderId: "order-2" },
    )
    await settle()
    expect(other.state().value).toBe("loadFailed")
    expect(other.state().context.errors.review).toBe("Pedido não encontrado")
  })
})

describe("checkout machine: the card fields contract", () => {
  it("a field's own error shows under it, and correcting the field takes 'Dados do cartão inválidos' away", async () => {
    const r = run()
    await toPayment(r)
    r.send({ type: "PAYMENT_READY" }, fieldSays("expiry", false, "Validade inválida (use MM/AA)"))
    expect(r.state().context.fieldErrors.expiry).toBe("Validade inválida (use MM/AA)")
    r.send({ type: "CONTINUE" })
    expect(r.state().context.errors.payment).toBe("Dados do cartão inválidos")
    r.send(fieldSays("expiry", true))
    expect(r.state().context.fieldErrors.expiry).toBeUndefined()
    expect(r.state().context.errors.payment).toBeNull()
    expect(r.fns.tokenizeCard).not.toHaveBeenCalled()
  })

  it("fields mounted again arrive empty: the card and its token are typed and made again", async () => {
    const r = run()
    await toReview(r)
    r.send({ type: "BACK" }, { type: "PAYMENT_READY" })
    expect(r.state().context.cardToken).toBeNull()
    r.send({ type: "CONTINUE" })
    expect(r.state().context.fieldErrors).toMatchObject({ number: "Número do cartão inválido" })
    expect(r.state().value).toEqual({ payment: "ready" })
    r.send(...APRO_CARD.slice(1), { type: "CONTINUE" })
    await settle()
    expect(r.state().value).toBe("review")
    expect(r.fns.tokenizeCard).toHaveBeenCalledTimes(2)
  })

  it("sends Mercado Pago's device session id with the card when the fields produced one, else none", async () => {
    const withDevice = run({
      tokenizeCard: async () => ({
        token: "tok-1",
        paymentMethodId: "master",
        issuerId: "24",
        lastFour: "6351",
        deviceSessionId: "armor.4f2a9c",
      }),
    })
    await toReview(withDevice)
    withDevice.send({ type: "PLACE" })
    await settle()
    expect(withDevice.fns.placeOrder.mock.calls[0]?.[0].payment).toEqual({
      method: "card",
      card: {
        token: "tok-1",
        installments: 3,
        paymentMethodId: "master",
        issuerId: "24",
        deviceSessionId: "armor.4f2a9c",
      },
    })

    const sandbox = run()
    await toReview(sandbox)
    sandbox.send({ type: "PLACE" })
    await settle()
    const sent = sandbox.fns.placeOrder.mock.calls[0]?.[0].payment
    expect(sent?.method === "card" && sent.card).not.toHaveProperty("deviceSessionId")
    expect(sent).toMatchObject({ method: "card", card: { token: "tok-APRO" } })
  })
})

describe("card helpers", () => {
  it.each([
    ["5031433215406351", true],
    ["4235647728025682", true],
    ["375365153556885", true],
    ["5031433215406352", false],
    ["1234", false],
  ])("Luhn %s → %o", (number, valid) => expect(luhnValid(number)).toBe(valid))

  it("masks numbers, Amex in 4-6-5, and expiry dates", () => {
    expect(maskCardNumber("5031433215406351")).toBe("5031 4332 1540 6351")
    expect(maskCardNumber("3753 651535 56885")).toBe("3753 651535 56885")
    expect(maskCardNumber("37536515355688512345")).toBe("3753 651535 56885")
    expect(maskExpiry("1130")).toBe("11/30")
    expect(maskExpiry("1")).toBe("1")
    expect(maskExpiry("13/3a0")).toBe("13/30")
  })

  it("validates the card form field by field, from what the fields say of themselves", () => {
    const done = { complete: true, error: null }
    expect(
      validateCardForm({ holder: "APRO", fields: { number: done, expiry: done, securityCode: done } }),
    ).toEqual({})
    expect(
      validateCardForm({
        holder: " ",
        fields: { ...EMPTY_FIELDS, expiry: { complete: false, error: "Cartão vencido" } },
      }),
    ).toEqual({
      number: "Número do cartão inválido",
      expiry: "Cartão vencido",
      securityCode: "Código de segurança inválido",
      holder: "Informe o nome impresso no cartão",
    })
  })
})
