import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import { PAYMENT_MESSAGES } from "../../domain/orders/paymentMessages"
import { CardTokenError } from "../machines/cardEntry"
import type { CardFieldSlots } from "./cardFieldsContract"
import { MERCADO_PAGO_SECURITY, mercadoPagoCardFields, tokenErrorField } from "./mercadoPagoCardFields"

type Listener = (event: Record<string, unknown>) => void

/** MercadoPago.js v2 as its documentation describes it (docs/fields.md), recording how it is used. */
function fakeMercadoPago() {
  const created: {
    type: string
    options: Record<string, unknown>
    mountedIn: string | null
    unmounted: boolean
    listeners: Record<string, Listener>
    updates: unknown[]
  }[] = []
  const tokenCalls: unknown[] = []
  const methodCalls: unknown[] = []
  const issuerCalls: unknown[] = []
  // Mercado Pago's answer for the test Mastercard; `needsIssuer` makes it ask for the issuer apart, as some do.
  const method = {
    id: "master",
    issuer: { id: 24 },
    additional_info_needed: [] as string[],
    settings: [
      {
        card_number: { length: 16, validation: "standard" },
        security_code: { length: 3, card_location: "back", mode: "mandatory" },
      },
    ],
  }
  class MercadoPago {
    constructor(
      readonly publicKey: string,
      readonly options: { locale: string },
    ) {}
    fields = {
      create: (type: string, options: Record<string, unknown>) => {
        const field = {
          type,
          options,
          mountedIn: null as string | null,
          unmounted: false,
          listeners: {} as Record<string, Listener>,
          updates: [] as unknown[],
        }
        created.push(field)
        const instance = {
          // Documented without a return value: the code must not chain it.
          on: (event: string, callback: Listener) => {
            field.listeners[event] = callback
          },
          mount: (container: string) => {
            field.mountedIn = container
            return instance
          },
          unmount: () => {
            field.unmounted = true
          },
          update: (options: unknown) => {
            field.updates.push(options)
          },
        }
        return instance
      },
      createCardToken: async (card: unknown) => {
        tokenCalls.push(card)
        return { id: "card-token-1", last_four_digits: "6351" }
      },
    }
    getPaymentMethods = async (query: unknown) => {
      methodCalls.push(query)
      return { results: [method] }
    }
    getIssuers = async (query: unknown) => {
      issuerCalls.push(query)
      return [{ id: 310, name: "Banco do Brasil" }]
    }
  }
  return { MercadoPago, created, tokenCalls, methodCalls, issuerCalls, method }
}

const slot = (field: string) => ({
  id: `f-${field}`,
  labelId: `f-${field}-label`,
  label: field,
  placeholder: `ph-${field}`,
})
const SLOTS: CardFieldSlots = {
  number: slot("number"),
  expiry: slot("expiry"),
  securityCode: slot("securityCode"),
}

let scripts: { src: string; attributes: Record<string, string> }[]
beforeEach(() => {
  scripts = []
  const script = () => {
    const element = {
      src: "",
      async: false,
      attributes: {} as Record<string, string>,
      onload: null as null | (() => void),
      onerror: null as null | (() => void),
      setAttribute(name: string, value: string) {
        element.attributes[name] = value
      },
      remove() {},
    }
    return element
  }
  vi.stubGlobal("document", {
    getElementById: (id: string) => ({ id }),
    createElement: script,
    head: {
      append: (element: ReturnType<typeof script>) => {
        scripts.push({ src: element.src, attributes: element.attributes })
        queueMicrotask(() => element.onload?.())
      },
    },
  })
  vi.stubGlobal("getComputedStyle", () => ({
    color: "rgb(20, 20, 20)",
    fontSize: "16px",
    fontFamily: "Inter",
  }))
})
afterEach(() => {
  vi.unstubAllGlobals()
})

describe("Mercado Pago's Secure Fields behind the card fields contract", () => {
  it("creates and mounts the three documented fields in the form's containers, with its placeholders", async () => {
    const mp = fakeMercadoPago()
    vi.stubGlobal("window", { MercadoPago: mp.MercadoPago })
    await mercadoPagoCardFields("TEST-key").mount(SLOTS, { onBinChange: () => {}, onFieldChange: () => {} })
    expect(mp.created.map((f) => [f.type, f.mountedIn, f.options.placeholder])).toEqual([
      ["cardNumber", "f-number", "ph-number"],
      ["expirationDate", "f-expiry", "ph-expiry"],
      ["securityCode", "f-securityCode", "ph-securityCode"],
    ])
    expect(mp.created[0]?.options.style).toMatchObject({
      height: "100%",
      color: "rgb(20, 20, 20)",
      fontSize: "16px",
    })
    // The device fingerprint, as documented: security.js with view="checkout".
    expect(scripts).toContainEqual({ src: MERCADO_PAGO_SECURITY, attributes: { view: "checkout" } })
  })

  it("tells the bin and each field's validity, in pt-BR, without any card value", async () => {
    const mp = fakeMercadoPago()
    vi.stubGlobal("window", { MercadoPago: mp.MercadoPago })
    const bins: (string | null)[] = []
    const states: unknown[] = []
    await mercadoPagoCardFields("TEST-key").mount(SLOTS, {
      onBinChange: (bin) => bins.push(bin),
      onFieldChange: (field, state) => states.push([field, state]),
    })
    const [number, expiry] = mp.created
    number?.listeners.binChange?.({ bin: "50314332", field: "cardNumber" })
    number?.listeners.binChange?.({ bin: null, field: "cardNumber" })
    expiry?.listeners.validityChange?.({
      field: "expirationDate",
      errorMessages: [{ message: "expirationMonth should be a value from 1 to 12.", cause: "invalid_value" }],
    })
    expiry?.listeners.validityChange?.({ field: "expirationDate", errorMessages: [] })
    expect(bins).toEqual(["50314332", null])
    expect(states).toEqual([
      ["expiry", { complete: false, error: "Validade inválida (use MM/AA)" }],
      ["expiry", { complete: true, error: null }],
    ])
  })

  it("tokenizes through fields.createCardToken with the non-sensitive data only, with the brand and device id", async () => {
    const mp = fakeMercadoPago()
    vi.stubGlobal("window", { MercadoPago: mp.MercadoPago, MP_DEVICE_SESSION_ID: "armor.77aa" })
    const fields = mercadoPagoCardFields("TEST-key")
    await fields.mount(SLOTS, { onBinChange: () => {}, onFieldChange: () => {} })
    mp.created[0]?.listeners.binChange?.({ bin: "50314332", field: "cardNumber" })
    const card = {
      cardholderName: "APRO",
      identificationType: "CPF" as const,
      identificationNumber: "12345678909",
    }
    expect(await fields.createToken(card)).toEqual({
      token: "card-token-1",
      paymentMethodId: "master",
      issuerId: "24",
      lastFour: "6351",
      deviceSessionId: "armor.77aa",
    })
    expect(mp.tokenCalls).toEqual([card])
    expect(mp.methodCalls).toEqual([{ bin: "50314332" }])
    fields.unmount()
    expect(mp.created.every((f) => f.unmounted)).toBe(true)
  })

  it("gives the number and security code fields their brand's rules once the bin names it", async () => {
    const mp = fakeMercadoPago()
    vi.stubGlobal("window", { MercadoPago: mp.MercadoPago })
    const fields = mercadoPagoCardFields("TEST-key")
    await fields.mount(SLOTS, { onBinChange: () => {}, onFieldChange: () => {} })
    const [number, expiry, securityCode] = mp.created
    number?.listeners.binChange?.({ bin: "50314332", field: "cardNumber" })
    await vi.waitFor(() => expect(securityCode?.updates).toHaveLength(1))
    expect(number?.updates).toEqual([{ settings: mp.method.settings[0]?.card_number }])
    expect(securityCode?.updates).toEqual([{ settings: mp.method.settings[0]?.security_code }])
    expect(expiry?.updates).toEqual([])
    // The brand found for the bin goes with the token: looked up once, not again at payment.
    await fields.createToken({ cardholderName: "APRO", identificationType: "CPF", identificationNumber: "1" })
    expect(mp.methodCalls).toEqual([{ bin: "50314332" }])
  })

  it("asks for the issuer apart when the brand needs it, and sends that one", async () => {
    const mp = fakeMercadoPago()
    mp.method.additional_info_needed = ["issuer_id"]
    vi.stubGlobal("window", { MercadoPago: mp.MercadoPago })
    const fields = mercadoPagoCardFields("TEST-key")
    await fields.mount(SLOTS, { onBinChange: () => {}, onFieldChange: () => {} })
    mp.created[0]?.listeners.binChange?.({ bin: "50314332", field: "cardNumber" })
    const token = await fields.createToken({
      cardholderName: "APRO",
      identificationType: "CPF",
      identificationNumber: "12345678909",
    })
    expect(mp.issuerCalls).toEqual([{ paymentMethodId: "master", bin: "50314332" }])
    expect(token.issuerId).toBe("310")
  })

  it("fails to mount when MercadoPago.js cannot be loaded, with the store's message", async () => {
    vi.stubGlobal("window", {})
    vi.stubGlobal("document", {
      getElementById: (id: string) => ({ id }),
      createElement: () => ({ setAttribute() {}, remove() {} }),
      head: { append: (element: { onerror: () => void }) => queueMicrotask(() => element.onerror()) },
    })
    await expect(
      mercadoPagoCardFields("TEST-key").mount(SLOTS, { onBinChange: () => {}, onFieldChange: () => {} }),
    ).rejects.toThrow(PAYMENT_MESSAGES.loadFailed)
    await expect(
      mercadoPagoCardFields("TEST-key").createToken({
        cardholderName: "APRO",
        identificationType: "CPF",
        identificationNumber: "12345678909",
      }),
    ).rejects.toBeInstanceOf(CardTokenError)
  })

  it("reads which field a createCardToken failure concerns", () => {
    expect(tokenErrorField([{ code: "E301", message: "invalid card number" }])).toBe("cardNumber")
    expect(tokenErrorField({ cause: [{ code: 224 }] })).toBe("securityCode")
    expect(tokenErrorField([{ code: "E203", message: "invalid parameter securityCode" }])).toBe(
      "securityCode",
    )
    expect(tokenErrorField([{ field: "expirationDate", message: "invalid" }])).toBe("expirationDate")
    expect(tokenErrorField(new Error("network"))).toBeNull()
  })
})

describe("Secure Fields taken out while MercadoPago.js loads", () => {
  it("puts nothing in the page for the mount that was stopped", async () => {
    const mp = fakeMercadoPago()
    vi.stubGlobal("window", {})
    let loaded: () => void = () => {}
    vi.stubGlobal("document", {
      getElementById: (id: string) => ({ id }),
      createElement: () => ({ setAttribute() {}, remove() {} }),
      head: {
        append: (element: { src: string; onload: () => void }) => {
          if (element.src.startsWith("https://sdk.")) loaded = element.onload
        },
      },
    })
    const fields = mercadoPagoCardFields("TEST-key")
    const first = fields.mount(SLOTS, { onBinChange: () => {}, onFieldChange: () => {} })
    fields.unmount()
    vi.stubGlobal("window", { MercadoPago: mp.MercadoPago })
    loaded()
    await first
    expect(mp.created).toEqual([])
    await fields.mount(SLOTS, { onBinChange: () => {}, onFieldChange: () => {} })
    expect(mp.created).toHaveLength(3)
  })
})
