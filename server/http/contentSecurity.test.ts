import { describe, expect, it } from "vitest"
import { loadsMercadoPago, pageCsp } from "./contentSecurity"

const directive = (policy: string, name: string) =>
  policy
    .split("; ")
    .find((d) => d.startsWith(`${name} `))
    ?.split(" ")
    .slice(1)

describe("page Content-Security-Policy", () => {
  it("allows only our scripts and the nonce by default, with no Mercado Pago origin", () => {
    const policy = pageCsp("abc")
    expect(directive(policy, "script-src")).toEqual(["'self'", "'nonce-abc'"])
    expect(directive(policy, "connect-src")).toEqual(["'self'"])
    expect(directive(policy, "frame-src")).toBeUndefined()
    expect(policy).not.toContain("mercadopago")
    expect(policy).toContain("frame-ancestors 'none'")
  })

  it("opens Mercado Pago's script, API and frame origins when asked", () => {
    const policy = pageCsp("abc", { mercadoPago: true, connectTo: " https://vitals.example" })
    expect(directive(policy, "script-src")).toContain("https://sdk.mercadopago.com")
    // security.js, the device fingerprint sent with a card payment.
    expect(directive(policy, "script-src")).toContain("https://www.mercadopago.com")
    expect(directive(policy, "connect-src")).toEqual(
      expect.arrayContaining(["'self'", "https://vitals.example", "https://api.mercadopago.com"]),
    )
    expect(directive(policy, "frame-src")).toContain("https://secure-fields.mercadopago.com")
    expect(directive(policy, "default-src")).toEqual(["'self'"])
  })

  it("loads Mercado Pago on the pages with a card form only", () => {
    for (const path of ["/checkout", "/checkout/", "/colecoes", "/colecoes/heroes", "/assinatura"])
      expect(loadsMercadoPago(path)).toBe(true)
    for (const path of [
      "/",
      "/carrinho",
      "/payment-success",
      "/checkout-x",
      "/perfil",
      "/colecoes/heroes/personagens",
      "/assinaturas",
    ])
      expect(loadsMercadoPago(path)).toBe(false)
  })
})
