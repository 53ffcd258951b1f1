import { PAYMENT_MESSAGES } from "../../domain/orders/paymentMessages"
import {
  CARD_MESSAGES,
  CardTokenError,
  formFieldOf,
  SECURE_FIELDS,
  type SecureField,
} from "../machines/cardEntry"
import type { CardFieldSlot, CardFields } from "./cardFieldsContract"

/** MercadoPago.js v2's Secure Fields names for the form's fields. */
export const SECURE_FIELD_TYPES: Readonly<
  Record<SecureField, "cardNumber" | "expirationDate" | "securityCode">
> = {
  number: "cardNumber",
  expiry: "expirationDate",
  securityCode: "securityCode",
}

/**
 * The part of a Secure Field instance the form uses (MercadoPago.js v2, `mp.fields.create`). Only `mount`
 * is documented to return the instance: listeners are added one by one, never chained.
 */
interface SecureFieldInstance {
  mount(containerId: string): SecureFieldInstance
  unmount(): void
  /** The brand's rules (length, Luhn, security code size) once the bin names the brand. */
  update(options: { settings: unknown }): void
  on(event: "binChange", callback: (event: { bin: string | null; field: string }) => void): void
  on(
    event: "validityChange",
    callback: (event: { field: string; errorMessages: { message: string; cause: string }[] }) => void,
  ): void
  on(event: "error", callback: (event: { field: string; error: string }) => void): void
  on(event: "change" | "ready", callback: (event: { field: string }) => void): void
}

interface MercadoPagoInstance {
  fields: {
    create(
      type: (typeof SECURE_FIELD_TYPES)[SecureField],
      options: { placeholder: string; style: Record<string, string>; srLabel?: string },
    ): SecureFieldInstance
    createCardToken(card: {
      cardholderName: string
      identificationType: string
      identificationNumber: string
    }): Promise<{ id: string; last_four_digits?: string } | undefined>
  }
  getPaymentMethods(query: { bin: string }): Promise<{ results: PaymentMethod[] }>
  getIssuers(query: { paymentMethodId: string; bin: string }): Promise<{ id?: number | string }[]>
}

/** A brand as `getPaymentMethods` describes it: its rules for the fields, and whether the issuer is asked apart. */
interface PaymentMethod {
  id: string
  issuer?: { id?: number | string }
  additional_info_needed?: string[]
  settings?: { card_number?: unknown; security_code?: unknown }[]
}

interface CardBrand {
  readonly paymentMethodId: string
  readonly issuerId: string | null
}
type MercadoPagoConstructor = new (publicKey: string, options: { locale: string }) => MercadoPagoInstance

export const MERCADO_PAGO_SDK = "https://sdk.mercadopago.com/js/v2"
/** Mercado Pago's device fingerprint, loaded on the pages that take a card, as its documentation says. */
export const MERCADO_PAGO_SECURITY = "https://www.mercadopago.com/v2/security.js"

type Globals = { MercadoPago?: MercadoPagoConstructor; MP_DEVICE_SESSION_ID?: unknown }
const globals = () => window as unknown as Globals

function loadScript(src: string, attributes: Record<string, string> = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement("script")
    script.src = src
    script.async = true
    for (const [name, value] of Object.entries(attributes)) script.setAttribute(name, value)
    script.onload = () => resolve()
    script.onerror = () => {
      script.remove()
      reject(new Error(PAYMENT_MESSAGES.loadFailed))
    }
    document.head.append(script)
  })
}

let sdk: Promise<MercadoPagoConstructor> | null = null
/** Loads MercadoPago.js once (server/http/contentSecurity.ts lists the pages allowing it). */
function loadSdk(): Promise<MercadoPagoConstructor> {
  const present = globals().MercadoPago
  if (present) return Promise.resolve(present)
  sdk ??= (async () => {
    await loadScript(MERCADO_PAGO_SDK)
    const loaded = globals().MercadoPago
    if (!loaded) throw new Error(PAYMENT_MESSAGES.loadFailed)
    return loaded
  })().catch((error: unknown) => {
    sdk = null
    throw error
  })
  return sdk
}

let security: Promise<void> | null = null
/** The device fingerprint helps approval but is not needed to pay: its failure is only forgotten. */
function loadSecurity(): Promise<void> {
  security ??= loadScript(MERCADO_PAGO_SECURITY, { view: "checkout" }).catch(() => {
    security = null
  })
  return security
}

/** security.js's MP_DEVICE_SESSION_ID, when it has produced one. */
const deviceSessionId = (): string | null => {
  const id = globals().MP_DEVICE_SESSION_ID
  return typeof id === "string" && id !== "" ? id : null
}

/** Mercado Pago's causes by code, said like the sandbox says them. */
const TOKEN_CAUSES: Readonly<Record<string, string>> = {
  "205": "cardNumber",
  E301: "cardNumber",
  "208": "expirationMonth",
  "325": "expirationMonth",
  "209": "expirationYear",
  "326": "expirationYear",
  "221": "cardholderName",
  "316": "cardholderName",
  "224": "securityCode",
  E203: "securityCode",
  E302: "securityCode",
  "214": "identificationNumber",
  "324": "identificationNumber",
}

/** The field a createCardToken failure concerns: by its cause code, or the field it names. */
export function tokenErrorField(error: unknown): string | null {
  const list = Array.isArray(error) ? error : ((error as { cause?: unknown } | null)?.cause ?? [])
  for (const item of Array.isArray(list) ? list : []) {
    const entry = (item ?? {}) as { code?: unknown; cause?: unknown; field?: unknown }
    const byCode = TOKEN_CAUSES[String(entry.code ?? entry.cause)]
    if (byCode) return byCode
    if (typeof entry.field === "string" && formFieldOf(entry.field)) return entry.field
  }
  return null
}

/** The frame's text as the store writes it: its colour and size (a frame cannot read our CSS variables). */
function styleOf(container: HTMLElement): Record<string, string> {
  const css = getComputedStyle(container)
  return {
    height: "100%",
    padding: "0",
    color: css.color,
    fontSize: css.fontSize,
    fontFamily: css.fontFamily,
    placeholderColor: "#8a8a8a",
  }
}

/** MercadoPago.js v2 Secure Fields: the card data live in Mercado Pago's frames, never in the page (SAQ A). */
export function mercadoPagoCardFields(publicKey: string): CardFields {
  let instance: MercadoPagoInstance | null = null
  let mounted: SecureFieldInstance[] = []
  let bin: string | null = null
  // The brand of the bin typed last, looked up once per bin: it sets the fields' rules and goes with the token.
  let brand: Promise<CardBrand | null> = Promise.resolve(null)

  /**
   * As Mercado Pago documents: the bin's payment method gives the number and security code fields their brand's
   * rules (an Amex code has 4 digits, some Elo numbers 19), and the issuer is asked apart when the method says so.
   */
  const lookUpBrand = async (
    mp: MercadoPagoInstance,
    forBin: string,
    fields: Partial<Record<SecureField, SecureFieldInstance>>,
  ): Promise<CardBrand | null> => {
    const method = (await mp.getPaymentMethods({ bin: forBin }).catch(() => ({ results: [] }))).results[0]
    if (!method) return null
    const settings = method.settings?.[0]
    if (settings && bin === forBin) {
      fields.number?.update({ settings: settings.card_number })
      fields.securityCode?.update({ settings: settings.security_code })
    }
    let issuer = method.issuer?.id
    if (method.additional_info_needed?.includes("issuer_id"))
      issuer =
        (await mp.getIssuers({ paymentMethodId: method.id, bin: forBin }).catch(() => []))[0]?.id ?? issuer
    return { paymentMethodId: method.id, issuerId: issuer != null ? String(issuer) : null }
  }
  // Each mount's number: an unmount while MercadoPago.js loads makes that mount put nothing in the page.
  let generation = 0
  return {
    mount: async (slots, handlers) => {
      const mine = ++generation
      void loadSecurity()
      const MercadoPago = await loadSdk()
      if (mine !== generation) return
      instance ??= new MercadoPago(publicKey, { locale: "pt-BR" })
      const mp = instance
      const byField: Partial<Record<SecureField, SecureFieldInstance>> = {}
      const create = (field: SecureField, slot: CardFieldSlot) => {
        const container = document.getElementById(slot.id)
        if (!container) throw new Error(PAYMENT_MESSAGES.cardFormNotReady)
        const created = mp.fields.create(SECURE_FIELD_TYPES[field], {
          placeholder: slot.placeholder,
          style: styleOf(container),
          srLabel: slot.label,
        })
        // Mercado Pago's own words are Spanish or English: the form says the store's pt-BR ones.
        created.on("validityChange", ({ errorMessages }) =>
          handlers.onFieldChange(field, {
            complete: errorMessages.length === 0,
            error: errorMessages.length === 0 ? null : CARD_MESSAGES[field],
          }),
        )
        // Something typed; whether it is valid comes with validityChange, and createCardToken has the last word.
        created.on("change", () => handlers.onFieldChange(field, { complete: true, error: null }))
        created.on("error", () =>
          handlers.onFieldChange(field, { complete: false, error: CARD_MESSAGES[field] }),
        )
        if (field === "number")
          created.on("binChange", (event) => {
            bin = event.bin
            brand = event.bin ? lookUpBrand(mp, event.bin, byField) : Promise.resolve(null)
            handlers.onBinChange(event.bin)
          })
        created.mount(slot.id)
        byField[field] = created
        return created
      }
      mounted = SECURE_FIELDS.map((field) => create(field, slots[field]))
    },
    createToken: async (card) => {
      if (!instance) throw new CardTokenError(PAYMENT_MESSAGES.cardFormNotReady)
      const mp = instance
      const [token, known] = await Promise.all([
        mp.fields.createCardToken(card).catch((error: unknown) => {
          throw new CardTokenError(PAYMENT_MESSAGES.invalidCard, tokenErrorField(error))
        }),
        brand,
      ])
      if (!token?.id) throw new CardTokenError(PAYMENT_MESSAGES.invalidCard)
      if (!known) throw new CardTokenError(PAYMENT_MESSAGES.invalidCard, "cardNumber")
      return {
        token: token.id,
        paymentMethodId: known.paymentMethodId,
        issuerId: known.issuerId,
        lastFour: token.last_four_digits ?? "",
        deviceSessionId: deviceSessionId(),
      }
    },
    unmount: () => {
      generation += 1
      for (const field of mounted) field.unmount()
      mounted = []
      bin = null
      brand = Promise.resolve(null)
    },
  }
}
