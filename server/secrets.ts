import { randomBytes } from "node:crypto"
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import type { Config } from "./config"

const generated = new WeakMap<Config, string>()

/**
 * The server's secret (sessions, sealed links). Development needs no AUTH_SECRET: one is generated once and
 * kept beside the embedded database, so sessions and queued e-mails survive restarts. Production over HTTPS
 * refuses to start without one (see config.ts). One value per configuration, however often it is asked for.
 */
export function authSecret(config: Config): string {
  if (config.AUTH_SECRET) return config.AUTH_SECRET
  const known = generated.get(config)
  if (known) return known
  let secret: string
  if (config.DATA_DIR === ":memory:" || config.DATABASE_URL) secret = randomBytes(32).toString("base64url")
  else {
    const file = join(config.DATA_DIR, "auth-secret")
    if (!existsSync(file)) {
      mkdirSync(config.DATA_DIR, { recursive: true })
      writeFileSync(file, randomBytes(32).toString("base64url"), { mode: 0o600 })
    }
    secret = readFileSync(file, "utf8").trim()
  }
  generated.set(config, secret)
  return secret
}
