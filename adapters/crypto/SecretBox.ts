import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto"
import { Effect, Layer } from "effect"
import { SealBroken, SecretBox } from "../../application/ports/SecretBox"
import type { SealedLink } from "../../domain/accounts/accountEvents"

const VERSION = "v1"

/** AES-256-GCM under a key derived from the server's secret; the output is `v1.<iv>.<ciphertext+tag>`. */
export const SecretBoxLayer = (secret: string) =>
  Layer.sync(SecretBox, () => {
    const key = Buffer.from(hkdfSync("sha256", secret, "legendarium", "outbox sealed links", 32))
    return SecretBox.of({
      seal: (link) => {
        const iv = randomBytes(12)
        const cipher = createCipheriv("aes-256-gcm", key, iv)
        const body = Buffer.concat([cipher.update(link, "utf8"), cipher.final(), cipher.getAuthTag()])
        return `${VERSION}.${iv.toString("base64url")}.${body.toString("base64url")}` as SealedLink
      },
      open: (sealed) =>
        Effect.try({
          try: () => {
            const [version, iv, body] = sealed.split(".")
            if (version !== VERSION || !iv || !body) throw new Error("unknown format")
            const data = Buffer.from(body, "base64url")
            const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"))
            decipher.setAuthTag(data.subarray(data.length - 16))
            return Buffer.concat([
              decipher.update(data.subarray(0, data.length - 16)),
              decipher.final(),
            ]).toString("utf8")
          },
          // The key changed (AUTH_SECRET rotated) or the text was altered: the link cannot be recovered.
          catch: () => new SealBroken(),
        }),
    })
  })
