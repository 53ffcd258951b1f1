/**
 * Mercado Pago's browser SDK (MercadoPago.js v2): its script and its device fingerprint's (security.js), the
 * API it calls for tokens, payment methods and installments, and the frames of its Secure Fields (where the
 * card number, expiry and security code are typed) and of the device fingerprint.
 */
export const MERCADO_PAGO_SOURCES = {
  script: ["https://sdk.mercadopago.com", "https://http2.mlstatic.com", "https://www.mercadopago.com"],
  connect: [
    "https://api.mercadopago.com",
    "https://api.mercadolibre.com",
    "https://events.mercadopago.com",
    "https://http2.mlstatic.com",
  ],
  frame: [
    "https://sdk.mercadopago.com",
    "https://api-static.mercadopago.com",
    "https://secure-fields.mercadopago.com",
    "https://www.mercadopago.com",
    "https://www.mercadopago.com.br",
  ],
} as const

/**
 * The pages with a card form, which load MercadoPago.js: the checkout, the collection pages (the subscription
 * dialog) and the subscription page (changing the card); never the rest of the store.
 */
const CARD_FORM_PAGES = /^\/(checkout|assinatura|colecoes(\/[^/]+)?)\/?$/
export const loadsMercadoPago = (pathname: string) => CARD_FORM_PAGES.test(pathname)

export interface PagePolicyOptions {
  /** Another origin the page may send requests to (the web vitals endpoint), with its leading space. */
  readonly connectTo?: string
  /** Opens Mercado Pago's script, API and frame origins (the checkout, with Mercado Pago configured). */
  readonly mercadoPago?: boolean
}

/** Scripts only from us or carrying this response's nonce; no framing; no plugins; forms post to us only. */
export function pageCsp(nonce: string, { connectTo = "", mercadoPago = false }: PagePolicyOptions = {}) {
  const mp = (list: readonly string[]) => (mercadoPago ? ` ${list.join(" ")}` : "")
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'${mp(MERCADO_PAGO_SOURCES.script)}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    `connect-src 'self'${connectTo}${mp(MERCADO_PAGO_SOURCES.connect)}`,
    ...(mercadoPago ? [`frame-src 'self'${mp(MERCADO_PAGO_SOURCES.frame)}`] : []),
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ")
}
