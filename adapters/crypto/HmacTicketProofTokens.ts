import { createHmac, hkdfSync, timingSafeEqual } from "node:crypto"
import { Layer } from "effect"
import { TicketProofTokens } from "../../application/ports/TicketProofTokens"
import { MAX_TICKET_PROOF_TOKEN, TICKET_PROOF_PURPOSE } from "../../domain/support/addressProof"

/**
 * HMAC-SHA256 over `chamado.<ticket>.<address>` under a key derived from the server's secret (its own
 * derivation, so it is never the key of sessions, unsubscribe links or sealed links). The address is signed,
 * not carried: `chamado.<base64url ticket id>.<base64url mac>`.
 */
export const HmacTicketProofTokensLayer = (secret: string) =>
  Layer.sync(TicketProofTokens, () => {
    const key = Buffer.from(hkdfSync("sha256", secret, "legendarium", "support ticket proof tokens", 32))
    const mac = (ticketId: string, email: string) =>
      createHmac("sha256", key)
        .update(`${TICKET_PROOF_PURPOSE}.${ticketId}.${email.trim().toLowerCase()}`, "utf8")
        .digest()
    const sign = (ticketId: string, email: string) =>
      `${TICKET_PROOF_PURPOSE}.${Buffer.from(ticketId, "utf8").toString("base64url")}.${mac(ticketId, email).toString("base64url")}`
    return TicketProofTokens.of({
      sign,
      // The whole text is compared, so no other spelling of the same bytes passes.
      verify: (token, ticketId, email) => {
        if (token.length > MAX_TICKET_PROOF_TOKEN) return false
        const given = Buffer.from(token, "utf8")
        const expected = Buffer.from(sign(ticketId, email), "utf8")
        return given.length === expected.length && timingSafeEqual(given, expected)
      },
    })
  })
