import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { UnsubscribeTokens } from "../../application/ports/UnsubscribeTokens"
import { HmacUnsubscribeTokensLayer } from "./HmacUnsubscribeTokens"

const SECRET = "a-server-secret-of-at-least-32-characters!"
const tokens = (secret = SECRET) =>
  Effect.runSync(
    UnsubscribeTokens.use(Effect.succeed).pipe(Effect.provide(HmacUnsubscribeTokensLayer(secret))),
  )

describe("unsubscribe tokens", () => {
  it("verify what they signed: the customer and the type", () => {
    const t = tokens()
    const token = t.sign("user-ana", "character_reveal")
    expect(token.startsWith("character_reveal.")).toBe(true)
    expect(t.verify(token)).toEqual({ userId: "user-ana", type: "character_reveal" })
  })

  it("refuse a token changed to another type or customer, truncated, or signed with another secret", () => {
    const t = tokens()
    const token = t.sign("user-ana", "billing")
    const [, user, mac] = token.split(".")
    expect(t.verify(`system.${user}.${mac}`)).toBeNull()
    expect(t.verify(`billing.${Buffer.from("user-bruno").toString("base64url")}.${mac}`)).toBeNull()
    expect(t.verify(token.slice(0, -2))).toBeNull()
    expect(t.verify(`${token}x`)).toBeNull()
    expect(t.verify("billing..")).toBeNull()
    expect(t.verify("")).toBeNull()
    expect(tokens("another-secret-of-at-least-32-characters!!").verify(token)).toBeNull()
  })
})
