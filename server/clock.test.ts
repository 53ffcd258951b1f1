import { describe, expect, it } from "vitest"
import { offsetClock } from "../adapters/clock/SystemClock"
import { storeNow } from "./clock"
import { ConfigError, loadConfig } from "./config"

describe("STORE_CLOCK_START", () => {
  it("starts the store's clock at the instant and lets it run in real time", () => {
    let real = 1_000_000
    const now = offsetClock(Date.parse("2026-12-15T11:59:15-03:00"), () => real)
    expect(new Date(now()).toISOString()).toBe("2026-12-15T14:59:15.000Z")
    real += 45_000
    expect(new Date(now()).toISOString()).toBe("2026-12-15T15:00:00.000Z")
    const config = loadConfig({ STORE_CLOCK_START: "2026-12-15T11:59:15-03:00" })
    expect(storeNow(config)).toBe(storeNow(config))
    expect(Math.abs(storeNow(config)() - Date.parse("2026-12-15T14:59:15Z"))).toBeLessThan(5_000)
    expect(storeNow(loadConfig({}))).toBe(Date.now)
  })

  it("is refused with Mercado Pago (real payments carry the real date) and when not an ISO instant", () => {
    expect(() =>
      loadConfig({
        STORE_CLOCK_START: "2026-12-15T12:00:00Z",
        MERCADOPAGO_ACCESS_TOKEN: "TEST-0000000000",
        MERCADOPAGO_PUBLIC_KEY: "TEST-0000000000",
        MERCADOPAGO_WEBHOOK_SECRET: "0123456789abcdef0123",
      }),
    ).toThrow(/STORE_CLOCK_START: só vale para a loja de testes/)
    expect(() => loadConfig({ STORE_CLOCK_START: "amanhã" })).toThrow(ConfigError)
  })
})
