import { AsyncLocalStorage } from "node:async_hooks"
import { betterAuth } from "better-auth"
import { APIError, createAuthMiddleware } from "better-auth/api"
import type { Kysely } from "kysely"
import type { SealedLink } from "../../domain/accountEvents"
import { type DomainEvent, domainEvent } from "../../domain/events"
import type { Database } from "../db/schema"
import { AUTH_TABLES, USER_ROLE_FIELDS } from "./schema"
import { signInThrottle } from "./signInThrottle"

/** The header our HTTP edge sets to the client's address (from the socket or a trusted proxy only). */
export const CLIENT_IP_HEADER = "x-store-client-ip"

export interface AuthSettings {
  readonly db: Kysely<Database>
  readonly secret: string
  readonly publicUrl: string
  readonly appName: string
  /** Records the event in the outbox; the e-mails it asks for are sent by the dispatcher, with retries. */
  readonly recordEvent: (event: DomainEvent) => Promise<void>
  /** Seals a link that carries a token before it is stored in an event. */
  readonly sealLink: (url: string) => SealedLink
  readonly google?: { clientId: string; clientSecret: string }
  readonly onError?: (error: unknown, context: string) => void
  readonly trustedOrigins?: (request?: Request) => string[]
}

const DAY = 24 * 60 * 60

/**
 * better-auth runs the e-mail callbacks through a helper that logs and swallows their errors, so a failed
 * recording would still answer 200 with no e-mail ever to come. Each request carries a slot for that failure;
 * `handleAuthRequest` turns it into an honest 503.
 */
const recordingFailures = new AsyncLocalStorage<{ failed: boolean }>()

export async function handleAuthRequest(auth: Auth, request: Request): Promise<Response> {
  const slot = { failed: false }
  const response = await recordingFailures.run(slot, () => auth.handler(request))
  if (!slot.failed) return response
  return Response.json(
    {
      code: "TEMPORARILY_UNAVAILABLE",
      message: "Não foi possível concluir agora. Tente novamente em instantes.",
    },
    { status: 503 },
  )
}

const samePassword = () =>
  new APIError("BAD_REQUEST", {
    code: "SAME_PASSWORD",
    message: "A nova senha deve ser diferente da senha anterior",
  })

interface AuthUser {
  readonly id: string
  readonly email: string
  readonly name: string
}

const person = (user: AuthUser) => ({ userId: user.id, email: user.email, name: user.name })

export function createAuth(settings: AuthSettings) {
  const { db, sealLink } = settings
  const recordEvent = async (event: DomainEvent) => {
    try {
      await settings.recordEvent(event)
    } catch (error) {
      const slot = recordingFailures.getStore()
      if (slot) slot.failed = true
      settings.onError?.(error, `recording ${event.type}`)
      throw error
    }
  }
  const throttle = signInThrottle(db)
  const ipOf = (headers: Headers | undefined) => headers?.get(CLIENT_IP_HEADER) ?? "unknown"
  // Recording is one insert: the request waits for it, so an acknowledged request never loses its e-mail, and
  // no SMTP server is ever called while a person waits (nor is its timing visible to them).
  const passwordChanged = (user: AuthUser) =>
    recordEvent(domainEvent("PasswordChanged", user.id, { ...person(user), at: Date.now() }))

  return betterAuth({
    appName: settings.appName,
    baseURL: settings.publicUrl,
    basePath: "/api/auth",
    secret: settings.secret,
    database: { db, type: "postgres" },
    trustedOrigins: settings.trustedOrigins ?? [settings.publicUrl],
    telemetry: { enabled: false },
    user: {
      modelName: AUTH_TABLES.user,
      additionalFields: USER_ROLE_FIELDS,
      deleteUser: {
        enabled: true,
        afterDelete: async (user) => recordEvent(domainEvent("AccountDeleted", user.id, { userId: user.id })),
      },
    },
    session: {
      modelName: AUTH_TABLES.session,
      // Absolute lifetime 30 days; a session unused for 7 days expires (it is extended at most daily).
      expiresIn: 7 * DAY,
      updateAge: DAY,
      freshAge: DAY,
      cookieCache: { enabled: true, maxAge: 5 * 60 },
    },
    account: { modelName: AUTH_TABLES.account },
    verification: { modelName: AUTH_TABLES.verification },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      autoSignIn: false,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, url }) =>
        recordEvent(domainEvent("PasswordResetRequested", user.id, { ...person(user), link: sealLink(url) })),
      onPasswordReset: async ({ user }) => passwordChanged(user),
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: DAY,
      sendVerificationEmail: async ({ user, url }) =>
        recordEvent(
          domainEvent("EmailVerificationRequested", user.id, { ...person(user), link: sealLink(url) }),
        ),
      afterEmailVerification: async (user) =>
        recordEvent(domainEvent("EmailVerified", user.id, person(user))),
    },
    databaseHooks: {
      user: {
        create: { after: async (user) => recordEvent(domainEvent("UserRegistered", user.id, person(user))) },
      },
    },
    socialProviders: settings.google ? { google: { ...settings.google, prompt: "select_account" } } : {},
    rateLimit: {
      enabled: true,
      storage: "database",
      modelName: AUTH_TABLES.rateLimit,
      window: 60,
      max: 100,
      customRules: {
        "/sign-in/email": { window: 15 * 60, max: 30 },
        "/sign-up/email": { window: 60 * 60, max: 10 },
        "/request-password-reset": { window: 15 * 60, max: 5 },
        "/send-verification-email": { window: 15 * 60, max: 5 },
      },
    },
    advanced: {
      useSecureCookies: settings.publicUrl.startsWith("https://"),
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        const body = (ctx.body ?? {}) as Record<string, unknown>
        if (ctx.path === "/sign-in/email") {
          const email = String(body.email ?? "")
            .trim()
            .toLowerCase()
          if (await throttle.isBlocked(email, ipOf(ctx.headers))) {
            throw new APIError("TOO_MANY_REQUESTS", {
              code: "TOO_MANY_REQUESTS",
              message: "Muitas tentativas. Tente novamente em alguns minutos",
            })
          }
        }
        if (ctx.path === "/change-password" && body.newPassword === body.currentPassword) throw samePassword()
        if (
          ctx.path === "/reset-password" &&
          typeof body.token === "string" &&
          typeof body.newPassword === "string"
        ) {
          const verification = await ctx.context.internalAdapter.findVerificationValue(
            `reset-password:${body.token}`,
          )
          if (!verification) return
          const accounts = await ctx.context.internalAdapter.findAccounts(verification.value)
          const hash = accounts.find((a) => a.providerId === "credential")?.password
          if (hash && (await ctx.context.password.verify({ hash, password: body.newPassword })))
            throw samePassword()
        }
      }),
      after: createAuthMiddleware(async (ctx) => {
        const failed = ctx.context.returned instanceof APIError
        if (ctx.path === "/sign-in/email") {
          const email = String((ctx.body as { email?: unknown } | undefined)?.email ?? "")
            .trim()
            .toLowerCase()
          const error = ctx.context.returned
          const wrongPassword = error instanceof APIError && error.statusCode === 401
          if (wrongPassword) await throttle.recordFailure(email, ipOf(ctx.headers))
          else if (!failed) await throttle.clear(email)
        }
        const user = ctx.context.session?.user
        if (ctx.path === "/change-password" && !failed && user) await passwordChanged(user)
      }),
    },
  })
}

export type Auth = ReturnType<typeof createAuth>
