import { createHmac, hkdfSync, timingSafeEqual } from "node:crypto"
import { Layer } from "effect"
import { UnsubscribeTokens } from "../../application/ports/UnsubscribeTokens"
import { typeOfUnsubscribeToken } from "../../domain/notifications/unsubscribe"

/** Customer ids are short; anything longer is not one of ours (and would only cost hashing time). */
const MAX_TOKEN = 400

/**
 * HMAC-SHA256 over `<type>.<customer>` under a key derived from the server's secret (its own derivation, so it
 * is never the key of sessions or sealed links). `<type>.<base64url customer id>.<base64url mac>`.
 */
export const HmacUnsubscribeTokensLayer = (secret: string) =>
  Layer.sync(UnsubscribeTokens, () => {
    const key = Buffer.from(hkdfSync("sha256", secret, "legendarium", "unsubscribe tokens", 32))
    const mac = (body: string) => createHmac("sha256", key).update(body, "utf8").digest()
    return UnsubscribeTokens.of({
      sign: (userId, type) => {
        const body = `${type}.${Buffer.from(userId, "utf8").toString("base64url")}`
        return `${body}.${mac(body).toString("base64url")}`
      },
      verify: (token) => {
        if (token.length > MAX_TOKEN) return null
        const parts = token.split(".")
        const type = typeOfUnsubscribeToken(token)
        if (parts.length !== 3 || !type || !parts[1] || !parts[2]) return null
        const given = Buffer.from(parts[2], "base64url")
        const expected = mac(`${parts[0]}.${parts[1]}`)
        if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null
        const userId = Buffer.from(parts[1], "base64url").toString("utf8")
        return userId ? { userId, type } : null
      },
    })
  })
