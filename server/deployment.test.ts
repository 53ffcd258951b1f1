import { describe, expect, it } from "vitest"
import { loadConfig } from "./config"
import {
  assertSandboxesAllowed,
  isProduction,
  paymentsAreSimulated,
  sandboxRefusal,
  seedsDemoCatalogue,
} from "./deployment"

const MERCADO_PAGO = {
  MERCADOPAGO_ACCESS_TOKEN: "APP_USR-1234567890",
  MERCADOPAGO_PUBLIC_KEY: "APP_USR-pub-123456",
  MERCADOPAGO_WEBHOOK_SECRET: "0123456789abcdef0123",
}
const SMTP = { SMTP_URL: "smtp://loja:senha@smtp.example:587" }
const AUTH_SECRET = "a".repeat(40)

const refusal = (env: Record<string, string>) => sandboxRefusal(loadConfig(env))
const production = (env: Record<string, string>) => isProduction(loadConfig(env))

describe("a production store", () => {
  it("is one with an https PUBLIC_URL, a DATABASE_URL, or NODE_ENV=production on a non-loopback HOST", () => {
    expect(production({ PUBLIC_URL: "https://loja.example" })).toBe(true)
    expect(production({ DATABASE_URL: "postgres://u@db:5432/loja" })).toBe(true)
    expect(production({ NODE_ENV: "production", HOST: "0.0.0.0" })).toBe(true)
    expect(production({ NODE_ENV: "production", HOST: "10.0.0.5" })).toBe(true)
  })

  it("is not `npm start` on this machine (NODE_ENV=production on loopback), development, or plain http", () => {
    expect(production({})).toBe(false)
    expect(production({ NODE_ENV: "production" })).toBe(false)
    expect(production({ NODE_ENV: "production", HOST: "localhost" })).toBe(false)
    expect(production({ NODE_ENV: "production", HOST: "::1" })).toBe(false)
    expect(production({ HOST: "0.0.0.0" })).toBe(false)
    expect(production({ PUBLIC_URL: "http://loja.local:3000" })).toBe(false)
  })
})

describe("sandboxes", () => {
  it("run freely outside production: `npm start` needs no variable", () => {
    expect(refusal({})).toBeNull()
    expect(refusal({ NODE_ENV: "production" })).toBeNull()
    expect(refusal({ HOST: "0.0.0.0" })).toBeNull()
    expect(paymentsAreSimulated(loadConfig({}))).toBe(true)
  })

  it("stop every production signal without credentials, naming the variables", () => {
    const signals: Record<string, string>[] = [
      { PUBLIC_URL: "https://loja.example" },
      { DATABASE_URL: "postgres://u@db:5432/loja" },
      { NODE_ENV: "production", HOST: "0.0.0.0" },
    ]
    for (const env of signals) {
      const message = refusal(env) ?? ""
      expect(message).toMatch(/^Início recusado: esta é uma loja em produção/)
      for (const name of [
        "MERCADOPAGO_ACCESS_TOKEN",
        "MERCADOPAGO_PUBLIC_KEY",
        "MERCADOPAGO_WEBHOOK_SECRET",
        "PAYMENTS=sandbox",
        "SMTP_URL",
        "MAIL=sandbox",
      ])
        expect(message).toContain(name)
    }
    expect(refusal({ PUBLIC_URL: "https://loja.example" })).toContain("PUBLIC_URL é https")
    expect(refusal({ NODE_ENV: "production", HOST: "0.0.0.0" })).toContain(
      "NODE_ENV=production no HOST 0.0.0.0",
    )
    expect(() => assertSandboxesAllowed(loadConfig({ DATABASE_URL: "postgres://u@db/loja" }))).toThrow(
      /PAYMENTS=sandbox/,
    )
  })

  it("name only what is missing", () => {
    const withMail = refusal({ PUBLIC_URL: "https://loja.example", ...SMTP }) ?? ""
    expect(withMail).toContain("PAYMENTS=sandbox")
    expect(withMail).not.toContain("SMTP_URL")
    const withPayments = refusal({ PUBLIC_URL: "https://loja.example", ...MERCADO_PAGO }) ?? ""
    expect(withPayments).toContain("SMTP_URL")
    expect(withPayments).not.toContain("MERCADOPAGO")
    expect(refusal({ PUBLIC_URL: "https://loja.example", PAYMENTS: "sandbox" })).toContain("MAIL=sandbox")
  })

  it("run in production when declared, a demonstration store whose payments are simulated", () => {
    const demo = { NODE_ENV: "production", HOST: "0.0.0.0", PAYMENTS: "sandbox", MAIL: "sandbox" } as const
    expect(refusal(demo)).toBeNull()
    expect(refusal({ ...demo, PUBLIC_URL: "https://demo.example", AUTH_SECRET })).toBeNull()
    expect(paymentsAreSimulated(loadConfig(demo))).toBe(true)
    expect(refusal({ PUBLIC_URL: "https://loja.example", PAYMENTS: "sandbox", ...SMTP })).toBeNull()
  })

  it("are not needed by a production store with its providers", () => {
    const live = loadConfig({ PUBLIC_URL: "https://loja.example", ...MERCADO_PAGO, ...SMTP })
    expect(sandboxRefusal(live)).toBeNull()
    expect(paymentsAreSimulated(live)).toBe(false)
  })

  it("declared beside the provider's credentials is a contradiction, refused anywhere", () => {
    expect(refusal({ PAYMENTS: "sandbox", ...MERCADO_PAGO })).toMatch(
      /PAYMENTS=sandbox com MERCADOPAGO_ACCESS_TOKEN/,
    )
    expect(refusal({ MAIL: "sandbox", ...SMTP })).toMatch(/MAIL=sandbox com SMTP_URL/)
    expect(() => loadConfig({ PAYMENTS: "yes" })).toThrow(/PAYMENTS/)
  })
})

describe("the demo catalogue", () => {
  const seeds = (env: Record<string, string>) => seedsDemoCatalogue(loadConfig(env))

  it("fills a newcomer's store and a demonstration store", () => {
    expect(seeds({})).toBe(true)
    expect(seeds({ NODE_ENV: "production", HOST: "0.0.0.0", PAYMENTS: "sandbox", MAIL: "sandbox" })).toBe(
      true,
    )
  })

  it("never fills a store that takes real payments unless asked, so no invented character sells for money", () => {
    const live = { PUBLIC_URL: "https://loja.example", AUTH_SECRET, ...MERCADO_PAGO, ...SMTP }
    expect(seeds(live)).toBe(false)
    expect(seeds({ ...live, SEED_DEMO_DATA: "true" })).toBe(true)
    expect(seeds({ SEED_DEMO_DATA: "false" })).toBe(false)
  })
})
