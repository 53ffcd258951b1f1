import { Effect } from "effect"
import type { Kysely } from "kysely"
import { type Auth, CLIENT_IP_HEADER, createAuth } from "../adapters/auth/betterAuth"
import type { Database } from "../adapters/db/schema"
import { closeAccount } from "../application/account"
import type { Viewer } from "../application/ports/CurrentUser"
import { EventOutbox } from "../application/ports/EventOutbox"
import { SecretBox } from "../application/ports/SecretBox"
import { type RoleLists, resolveRoleSafely } from "../domain/accounts/roles"
import type { Config } from "./config"
import type { Logger } from "./logger"
import type { AppRuntime } from "./runtime"
import { authSecret } from "./secrets"

const SESSION_ABSOLUTE_MS = 30 * 24 * 60 * 60_000

export async function createStoreAuth(
  config: Config,
  db: Kysely<Database>,
  runtime: AppRuntime,
  logger: Logger,
): Promise<Auth> {
  const box = await runtime.runPromise(SecretBox.use((service) => Effect.succeed(service)))
  return createAuth({
    db,
    secret: authSecret(config),
    publicUrl: config.publicUrl,
    appName: "Legendarium",
    recordEvent: (event) => runtime.runPromise(EventOutbox.use((outbox) => outbox.record([event]))),
    sealLink: (url) => box.seal(url),
    closeAccount: (account) => runtime.runPromise(closeAccount(account)),
    ...(config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET
      ? { google: { clientId: config.GOOGLE_CLIENT_ID, clientSecret: config.GOOGLE_CLIENT_SECRET } }
      : {}),
    trustedOrigins: () => trustedOrigins(config.publicUrl, config.TRUSTED_ORIGINS),
    onError: (error, context) => logger.error({ err: error, context }, "auth side effect failed"),
  })
}

const LOOPBACK_NAMES = ["localhost", "127.0.0.1", "[::1]"]

/**
 * Origins allowed to send cookie-authenticated writes: the configured public URL and the listed extra
 * origins, never whatever the request's Host header says. A local public URL also admits its loopback
 * aliases (localhost and 127.0.0.1 are the same machine), so a newcomer may open either.
 */
export function trustedOrigins(publicUrl: string, extra: readonly string[] = []): string[] {
  const url = new URL(publicUrl)
  const origins = [url.origin, ...extra.map((o) => new URL(o).origin)]
  if (LOOPBACK_NAMES.includes(url.hostname))
    for (const name of LOOPBACK_NAMES)
      origins.push(`${url.protocol}//${name}${url.port ? `:${url.port}` : ""}`)
  return [...new Set(origins)]
}

/** The client's address: the socket's, or the proxy's last hop when a proxy is trusted; never a header the client sets. */
export function clientIpOf(headers: Headers, socketAddress: string | undefined, trustProxy: boolean): string {
  const forwarded = headers.get("x-forwarded-for")
  return (trustProxy && forwarded ? forwarded.split(",").at(-1)?.trim() : socketAddress) || "unknown"
}

/** The request with the client's address in our own header (for rate limits); whatever the client sent there is replaced. */
export function withClientIp(
  request: Request,
  socketAddress: string | undefined,
  trustProxy: boolean,
): Request {
  const headers = new Headers(request.headers)
  headers.set(CLIENT_IP_HEADER, clientIpOf(request.headers, socketAddress, trustProxy))
  return new Request(request, { headers })
}

/**
 * The signed-in user of a request, with the role of the spec's resolution order; null for visitors and blocked
 * accounts. `staffLists` are the configured lists plus the settings screen's, read per request (from a cache
 * that a saved setting drops), like the metadata role the users screen writes: both hold from the next request.
 */
export async function viewerOf(
  auth: Auth,
  headers: Headers,
  staffLists: () => Promise<RoleLists>,
): Promise<Viewer | null> {
  if (!headers.get("cookie")?.includes("better-auth")) return null
  const session = await auth.api.getSession({ headers }).catch(() => null)
  if (!session) return null
  if (Date.now() - new Date(session.session.createdAt).getTime() > SESSION_ABSOLUTE_MS) {
    await auth.api.revokeSession({ headers, body: { token: session.session.token } }).catch(() => undefined)
    return null
  }
  const user = session.user as typeof session.user & {
    role?: string | null
    appRole?: string | null
    blockedAt?: Date | string | null
  }
  // Blocking deletes the account's sessions; one created in the same instant still opens nothing.
  if (user.blockedAt) return null
  const lists = await staffLists()
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    emailVerified: user.emailVerified,
    role: resolveRoleSafely(
      () => ({ email: user.email, metadataRole: user.role ?? null, appRole: user.appRole ?? null }),
      lists,
      user.email,
    ),
  }
}
