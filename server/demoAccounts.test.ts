import { describe, expect, it } from "vitest"
import { loadConfig } from "./config"
import { shouldSeedDemoAccounts } from "./demoAccounts"

const seeds = (env: Record<string, string>) => shouldSeedDemoAccounts(loadConfig(env))

describe("demo accounts", () => {
  it("exist on a newcomer's local embedded store", () => {
    expect(seeds({})).toBe(true)
    expect(seeds({ HOST: "localhost", PUBLIC_URL: "http://127.0.0.1:3000" })).toBe(true)
  })

  it("never exist on a store others can reach, on PostgreSQL, or without demo data, unless asked", () => {
    expect(seeds({ HOST: "0.0.0.0" })).toBe(false)
    expect(seeds({ PUBLIC_URL: "https://loja.example" })).toBe(false)
    expect(seeds({ DATABASE_URL: "postgres://u@db:5432/loja" })).toBe(false)
    expect(seeds({ SEED_DEMO_DATA: "false" })).toBe(false)
    expect(seeds({ HOST: "0.0.0.0", SEED_DEMO_USERS: "true" })).toBe(true)
    expect(seeds({ SEED_DEMO_USERS: "false" })).toBe(false)
  })

  it("refuse to start PostgreSQL in production without a shared secret", () => {
    expect(() => loadConfig({ NODE_ENV: "production", DATABASE_URL: "postgres://u@db:5432/loja" })).toThrow(
      /AUTH_SECRET/,
    )
  })
})
