import { randomBytes } from "node:crypto"
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { Effect } from "effect"
import type { Kysely } from "kysely"
import { type Auth, CLIENT_IP_HEADER, createAuth } from "../adapters/auth/betterAuth"
import type { Database } from "../adapters/db/schema"
import type { Viewer } from "../application/ports/CurrentUser"
import { Mailer } from "../application/ports/Mailer"
import { resolveRoleSafely } from "../domain/roles"
import type { Config } from "./config"
import type { Logger } from "./logger"
import type { AppRuntime } from "./runtime"

const SESSION_ABSOLUTE_MS = 30 * 24 * 60 * 60_000

/**
 * Development needs no AUTH_SECRET: one is generated once and kept beside the embedded database, so
 * sessions survive restarts. Production over HTTPS refuses to start without one (see config.ts).
 */
function authSecret(config: Config): string {
  if (config.AUTH_SECRET) return config.AUTH_SECRET
  if (config.DATA_DIR === ":memory:" || config.DATABASE_URL) return randomBytes(32).toString("base64url")
  const file = join(config.DATA_DIR, "auth-secret")
  if (!existsSync(file)) {
    mkdirSync(config.DATA_DIR, { recursive: true })
    writeFileSync(file, randomBytes(32).toString("base64url"), { mode: 0o600 })
  }
  return readFileSync(file, "utf8").trim()
}

export function createStoreAuth(
  config: Config,
  db: Kysely<Database>,
  runtime: AppRuntime,
  logger: Logger,
): Auth {
  return createAuth({
    db,
    secret: authSecret(config),
    publicUrl: config.publicUrl,
    store: {
      name: "Legendarium",
      supportEmail: config.SUPPORT_EMAIL,
      supportHours: config.SUPPORT_HOURS,
      publicUrl: config.publicUrl,
    },
    sendEmail: (message) => runtime.runPromise(Mailer.use((m) => m.send(message)).pipe(Effect.orDie)),
    ...(config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET
      ? { google: { clientId: config.GOOGLE_CLIENT_ID, clientSecret: config.GOOGLE_CLIENT_SECRET } }
      : {}),
    trustedOrigins: (request) => trustedOrigins(request, config.publicUrl),
    onError: (error, context) => logger.error({ err: error, context }, "auth side effect failed"),
  })
}

/**
 * Origins allowed to send cookie-authenticated writes: the configured public URL, and the address the
 * request itself was sent to (same-origin), so http://127.0.0.1:3000 works as well as localhost in development.
 */
export function trustedOrigins(request: Request | undefined, publicUrl: string): string[] {
  const origins = [new URL(publicUrl).origin]
  const host = request?.headers.get("host")
  if (request && host) origins.push(`${new URL(request.url).protocol}//${host}`)
  return origins
}

/**
 * The client's address for rate limits: the socket's, or with TRUST_PROXY the address our proxy appended
 * last to X-Forwarded-For. Whatever the client sent in our own header is replaced.
 */
export function withClientIp(
  request: Request,
  socketAddress: string | undefined,
  trustProxy: boolean,
): Request {
  const forwarded = request.headers.get("x-forwarded-for")
  const ip = (trustProxy && forwarded ? forwarded.split(",").at(-1)?.trim() : socketAddress) || "unknown"
  const headers = new Headers(request.headers)
  headers.set(CLIENT_IP_HEADER, ip)
  return new Request(request, { headers })
}

/** The signed-in user of a request, with the role of the spec's resolution order; null for visitors. */
export async function viewerOf(auth: Auth, headers: Headers, config: Config): Promise<Viewer | null> {
  if (!headers.get("cookie")?.includes("better-auth")) return null
  const session = await auth.api.getSession({ headers }).catch(() => null)
  if (!session) return null
  if (Date.now() - new Date(session.session.createdAt).getTime() > SESSION_ABSOLUTE_MS) {
    await auth.api.revokeSession({ headers, body: { token: session.session.token } }).catch(() => undefined)
    return null
  }
  const user = session.user as typeof session.user & { role?: string | null; appRole?: string | null }
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    emailVerified: user.emailVerified,
    role: resolveRoleSafely(
      () => ({ email: user.email, metadataRole: user.role ?? null, appRole: user.appRole ?? null }),
      { adminEmails: config.ADMIN_EMAILS, moderatorEmails: config.MODERATOR_EMAILS },
      user.email,
    ),
  }
}
