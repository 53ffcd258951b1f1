import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { TicketProofTokens } from "../../application/ports/TicketProofTokens"
import { UnsubscribeTokens } from "../../application/ports/UnsubscribeTokens"
import { ticketIdOfProofToken } from "../../domain/support/addressProof"
import { HmacTicketProofTokensLayer } from "./HmacTicketProofTokens"
import { HmacUnsubscribeTokensLayer } from "./HmacUnsubscribeTokens"

const SECRET = "a-server-secret-of-at-least-32-characters!"
const TICKET = "3f2b1c9e-8a7d-4e6f-9b0a-1c2d3e4f5a6b"
const OTHER = "3f2b1c9e-8a7d-4e6f-9b0a-1c2d3e4f5a6c"
const tokens = (secret = SECRET) =>
  Effect.runSync(
    TicketProofTokens.use(Effect.succeed).pipe(Effect.provide(HmacTicketProofTokensLayer(secret))),
  )

describe("ticket proof tokens", () => {
  it("verify what they signed: the ticket and its address, whatever the address's case", () => {
    const t = tokens()
    const token = t.sign(TICKET, "ana@example.com")
    expect(ticketIdOfProofToken(token)).toBe(TICKET)
    expect(token).not.toContain("ana")
    expect(t.verify(token, TICKET, "ana@example.com")).toBe(true)
    expect(t.verify(token, TICKET, "ANA@example.com")).toBe(true)
  })

  it("refuse another ticket or address, a changed or truncated token, another secret", () => {
    const t = tokens()
    const token = t.sign(TICKET, "ana@example.com")
    expect(t.verify(token, TICKET, "bruno@example.com")).toBe(false)
    expect(t.verify(token, OTHER, "ana@example.com")).toBe(false)
    const [purpose, , mac] = token.split(".")
    expect(
      t.verify(`${purpose}.${Buffer.from(OTHER).toString("base64url")}.${mac}`, OTHER, "ana@example.com"),
    ).toBe(false)
    expect(t.verify(token.slice(0, -1), TICKET, "ana@example.com")).toBe(false)
    expect(t.verify(`${token}x`, TICKET, "ana@example.com")).toBe(false)
    expect(t.verify("", TICKET, "ana@example.com")).toBe(false)
    expect(
      tokens("another-secret-of-at-least-32-characters!!").verify(token, TICKET, "ana@example.com"),
    ).toBe(false)
  })

  it("are single-purpose: an unsubscribe token signed with the same secret proves nothing", () => {
    const unsubscribe = Effect.runSync(
      UnsubscribeTokens.use(Effect.succeed).pipe(Effect.provide(HmacUnsubscribeTokensLayer(SECRET))),
    ).sign(TICKET, "billing")
    expect(tokens().verify(unsubscribe, TICKET, "ana@example.com")).toBe(false)
    expect(ticketIdOfProofToken(unsubscribe)).toBeNull()
  })
})
