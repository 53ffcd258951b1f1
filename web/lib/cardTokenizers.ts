import { PAYMENT_MESSAGES } from "../../domain/orders/paymentMessages"
import { type CardToken, CardTokenError, type CardTokenInput } from "../machines/checkout"

/**
 * Card data never reach the store's API: a tokenizer turns them into a one-use token. Offline the sandbox
 * gateway tokenizes on our own server (`POST /sandbox/card-tokens`, MercadoPago.js's field names); with Mercado
 * Pago configured, MercadoPago.js does it in the browser. The checkout machine does not know which.
 */
export interface CardTokenizer {
  /** Resolves when the tokenizer can be used; rejects when it cannot be loaded. */
  ready(): Promise<void>
  tokenize(card: CardTokenInput): Promise<CardToken>
}

interface SandboxToken {
  id: string
  payment_method_id: string
  last_four_digits: string
}

export const sandboxTokenizer: CardTokenizer = {
  ready: async () => {},
  tokenize: async (card) => {
    let response: Response
    try {
      response = await fetch("/sandbox/card-tokens", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(card),
      })
    } catch {
      throw new CardTokenError(PAYMENT_MESSAGES.processFailed)
    }
    const body = (await response.json().catch(() => null)) as
      | (SandboxToken & { error?: { message?: string; field?: string } })
      | null
    if (!response.ok || !body?.id)
      throw new CardTokenError(
        body?.error?.message ?? PAYMENT_MESSAGES.invalidCard,
        body?.error?.field ?? null,
      )
    return {
      token: body.id,
      paymentMethodId: body.payment_method_id,
      issuerId: null,
      lastFour: body.last_four_digits,
    }
  },
}

/** The part of MercadoPago.js v2 the checkout uses. */
interface MercadoPagoInstance {
  createCardToken(card: CardTokenInput): Promise<{ id: string; last_four_digits?: string }>
  getPaymentMethods(query: { bin: string }): Promise<{
    results: { id: string; issuer?: { id?: number | string } }[]
  }>
}
type MercadoPagoConstructor = new (publicKey: string, options: { locale: string }) => MercadoPagoInstance

export const MERCADO_PAGO_SDK = "https://sdk.mercadopago.com/js/v2"

let sdk: Promise<MercadoPagoConstructor> | null = null

/** Loads MercadoPago.js once, when a card form opens (server/http/contentSecurity.ts lists the pages allowing it). */
function loadSdk(): Promise<MercadoPagoConstructor> {
  sdk ??= new Promise<MercadoPagoConstructor>((resolve, reject) => {
    const existing = (window as unknown as { MercadoPago?: MercadoPagoConstructor }).MercadoPago
    if (existing) return resolve(existing)
    const script = document.createElement("script")
    script.src = MERCADO_PAGO_SDK
    script.async = true
    script.onload = () => {
      const loaded = (window as unknown as { MercadoPago?: MercadoPagoConstructor }).MercadoPago
      if (loaded) resolve(loaded)
      else reject(new Error(PAYMENT_MESSAGES.loadFailed))
    }
    script.onerror = () => reject(new Error(PAYMENT_MESSAGES.loadFailed))
    document.head.append(script)
  }).catch((error: unknown) => {
    sdk = null
    throw error
  })
  return sdk
}

/** Mercado Pago's causes by code, said like the sandbox says them. */
const MP_FIELDS: Readonly<Record<string, string>> = {
  "205": "cardNumber",
  E301: "cardNumber",
  "208": "cardExpirationMonth",
  "325": "cardExpirationMonth",
  "209": "cardExpirationYear",
  "326": "cardExpirationYear",
  "221": "cardholderName",
  "316": "cardholderName",
  "224": "securityCode",
  E302: "securityCode",
  "214": "identificationNumber",
  "324": "identificationNumber",
}

export function mercadoPagoTokenizer(publicKey: string): CardTokenizer {
  let instance: MercadoPagoInstance | null = null
  const get = async () => {
    instance ??= new (await loadSdk())(publicKey, { locale: "pt-BR" })
    return instance
  }
  return {
    ready: async () => void (await get()),
    tokenize: async (card) => {
      const mp = await get().catch(() => {
        throw new CardTokenError(PAYMENT_MESSAGES.cardFormNotReady)
      })
      const bin = card.cardNumber.slice(0, 8)
      const [token, methods] = await Promise.all([
        mp.createCardToken(card).catch((error: unknown) => {
          const cause = (error as { cause?: { code?: string | number }[] } | null)?.cause?.[0]?.code
          throw new CardTokenError(PAYMENT_MESSAGES.invalidCard, MP_FIELDS[String(cause)] ?? null)
        }),
        mp.getPaymentMethods({ bin }).catch(() => ({ results: [] })),
      ])
      const method = methods.results[0]
      if (!method) throw new CardTokenError(PAYMENT_MESSAGES.invalidCard, "cardNumber")
      return {
        token: token.id,
        paymentMethodId: method.id,
        issuerId: method.issuer?.id != null ? String(method.issuer.id) : null,
        lastFour: token.last_four_digits ?? card.cardNumber.slice(-4),
      }
    },
  }
}
