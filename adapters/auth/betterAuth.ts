import { AsyncLocalStorage } from "node:async_hooks"
import { randomUUID } from "node:crypto"
import { betterAuth } from "better-auth"
import { APIError, createAuthMiddleware, getSessionFromCtx } from "better-auth/api"
import type { Kysely } from "kysely"
import type { DeletionOutcome } from "../../domain/accounts/accountDeletion"
import type { SealedLink } from "../../domain/accounts/accountEvents"
import {
  displayNameError,
  LOGIN_ERRORS,
  registerPasswordError,
  resetPasswordError,
  SAME_PASSWORD_MESSAGE,
  VALIDATION_MESSAGES,
  validatePasswordChange,
} from "../../domain/accounts/authValidation"
import { USER_ADMIN_MESSAGES } from "../../domain/accounts/userAdmin"
import { type DomainEvent, domainEvent } from "../../domain/events"
import type { Database } from "../db/schema"
import { dbRateLimiter } from "../ratelimit/dbRateLimit"
import { authErrorMessage } from "./authMessages"
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
  /**
   * Ends what the account still has open (domain/accounts/accountDeletion.ts) before its row goes, once the password is
   * checked; answers what was open and what became of it, for the last e-mail. A failure keeps the account.
   */
  readonly closeAccount: (account: { id: string; email: string }) => Promise<readonly ClosedItem[]>
  readonly google?: { clientId: string; clientSecret: string }
  readonly onError?: (error: unknown, context: string) => void
  readonly trustedOrigins?: (request?: Request) => string[]
}

export interface ClosedItem {
  readonly label: string
  readonly outcome: DeletionOutcome
}

export const ACCOUNT_NOT_CLOSED = "Não foi possível excluir sua conta agora. Tente novamente em instantes."

const DAY = 24 * 60 * 60
const MAILS_PER_RECIPIENT_HOUR = 3

/**
 * better-auth runs the e-mail callbacks through a helper that logs and swallows their errors, so a failed
 * recording would still answer 200 with no e-mail ever to come. Each request carries a slot for that failure;
 * `handleAuthRequest` turns it into an honest 503.
 */
const recordingFailures = new AsyncLocalStorage<{ failed: boolean }>()

export async function handleAuthRequest(auth: Auth, request: Request): Promise<Response> {
  const slot = { failed: false }
  const response = await recordingFailures.run(slot, () => auth.handler(request))
  if (slot.failed)
    return Response.json(
      {
        code: "TEMPORARILY_UNAVAILABLE",
        message: "Não foi possível concluir agora. Tente novamente em instantes.",
      },
      { status: 503, headers: { "cache-control": "no-store" } },
    )
  return inPortuguese(response)
}

/** Every error of the auth API reaches the screens in pt-BR, whatever better-auth wrote. */
async function inPortuguese(response: Response): Promise<Response> {
  if (response.status < 400 || !response.headers.get("content-type")?.includes("application/json"))
    return response
  const body = (await response
    .clone()
    .json()
    .catch(() => null)) as { code?: string; message?: string } | null
  const message = authErrorMessage(body?.code, response.status, body?.message)
  const headers = new Headers(response.headers)
  headers.delete("content-length")
  return new Response(JSON.stringify({ ...body, message }), { status: response.status, headers })
}

/** A blocked account gets no session, whichever way it signs in; it reads why (users screen). */
async function refuseBlocked(db: Kysely<Database>, userId: string): Promise<void> {
  const user = await db
    .selectFrom("auth_user")
    .select("blockedAt")
    .where("id", "=", userId)
    .executeTakeFirst()
  if (user?.blockedAt)
    throw new APIError("FORBIDDEN", { code: ACCOUNT_BLOCKED, message: USER_ADMIN_MESSAGES.blocked })
}

export const ACCOUNT_BLOCKED = "ACCOUNT_BLOCKED"

const samePassword = () =>
  new APIError("BAD_REQUEST", { code: "SAME_PASSWORD", message: SAME_PASSWORD_MESSAGE })
const invalid = (code: string, message: string) => new APIError("BAD_REQUEST", { code, message })
const throttled = () =>
  new APIError("TOO_MANY_REQUESTS", { code: "STORE_THROTTLED", message: LOGIN_ERRORS.tooManyRequests })
const isWrongPassword = (error: APIError) =>
  (error.body as { code?: string } | undefined)?.code === "INVALID_PASSWORD" || error.statusCode === 401
const sleep = (ms: number) => (ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve())

/** A reset that would set the password it replaces (spec 000 §5). */
async function reusesPassword(ctx: AuthContextLike, token: string, newPassword: string): Promise<boolean> {
  if (!token || !newPassword) return false
  const verification = await ctx.context.internalAdapter.findVerificationValue(`reset-password:${token}`)
  if (!verification) return false
  const accounts = await ctx.context.internalAdapter.findAccounts(verification.value)
  const hash = accounts.find((a) => a.providerId === "credential")?.password
  return Boolean(hash && (await ctx.context.password.verify({ hash, password: newPassword })))
}

type AuthContextLike = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0]

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
  /** What each account being deleted had open, from its closing to its last e-mail (the same request). */
  const closed = new Map<string, readonly ClosedItem[]>()
  const ipOf = (headers: Headers | undefined) => headers?.get(CLIENT_IP_HEADER) ?? "unknown"
  // Recording is one insert: the request waits for it, so an acknowledged request never loses its e-mail, and
  // no SMTP server is ever called while a person waits (nor is its timing visible to them).
  const mailLimit = dbRateLimiter(db)
  /** At most a few messages of a kind per recipient an hour: the form cannot be used to flood a mailbox. */
  const allowMail = (kind: string, email: string) =>
    mailLimit(`mail:${kind}:${email.toLowerCase()}`, MAILS_PER_RECIPIENT_HOUR, 60 * 60_000)
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
        beforeDelete: async (user) => {
          try {
            closed.set(user.id, await settings.closeAccount({ id: user.id, email: user.email }))
          } catch (error) {
            settings.onError?.(error, "closing the account")
            throw new APIError("SERVICE_UNAVAILABLE", {
              code: "ACCOUNT_NOT_CLOSED",
              message: ACCOUNT_NOT_CLOSED,
            })
          }
        },
        afterDelete: async (user) => {
          const items = closed.get(user.id) ?? []
          closed.delete(user.id)
          await recordEvent(domainEvent("AccountDeleted", user.id, { userId: user.id }))
          await recordEvent(
            domainEvent("AccountClosed", randomUUID(), { email: user.email, name: user.name, items }),
          )
        },
      },
    },
    session: {
      modelName: AUTH_TABLES.session,
      // Absolute lifetime 30 days; a session unused for 7 days expires (it is extended at most daily).
      expiresIn: 7 * DAY,
      updateAge: DAY,
      freshAge: DAY,
      // No cookie cache: a cached session would outlive sign-out, revocation and deletion by minutes.
      cookieCache: { enabled: false },
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
      sendResetPassword: async ({ user, url }) => {
        if (await allowMail("reset", user.email))
          await recordEvent(
            domainEvent("PasswordResetRequested", user.id, { ...person(user), link: sealLink(url) }),
          )
      },
      onPasswordReset: async ({ user }) => {
        // The owner proved they hold the mailbox: failures others caused on the account no longer slow them.
        await throttle.clear(user.email.toLowerCase())
        await passwordChanged(user)
      },
      // Same answer as a new sign-up (no enumeration), but the owner learns someone tried, and how to get in.
      onExistingUserSignUp: async ({ user }) => {
        if (await allowMail("existing", user.email))
          await recordEvent(domainEvent("SignUpAttemptedOnExistingAccount", user.id, person(user)))
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: DAY,
      sendVerificationEmail: async ({ user, url }) => {
        if (await allowMail("verification", user.email))
          await recordEvent(
            domainEvent("EmailVerificationRequested", user.id, { ...person(user), link: sealLink(url) }),
          )
      },
      afterEmailVerification: async (user) =>
        recordEvent(domainEvent("EmailVerified", user.id, person(user))),
    },
    databaseHooks: {
      user: {
        create: { after: async (user) => recordEvent(domainEvent("UserRegistered", user.id, person(user))) },
      },
      // Every way in (password, Google, the link that signs in after confirming) creates a session here.
      session: { create: { before: async (session) => refuseBlocked(db, session.userId) } },
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
        const ip = ipOf(ctx.headers)
        const text = (key: string) => (typeof body[key] === "string" ? (body[key] as string) : "")
        switch (ctx.path) {
          case "/sign-up/email": {
            const problem = displayNameError(text("name")) ?? registerPasswordError(text("password"))
            if (problem)
              throw invalid(displayNameError(text("name")) ? "INVALID_NAME" : "WEAK_PASSWORD", problem)
            return
          }
          case "/update-user": {
            // The 'Dados' tab renames the account: the registration rule for names holds here too.
            if ("name" in body) {
              const problem = displayNameError(text("name"))
              if (problem) throw invalid("INVALID_NAME", problem)
            }
            return
          }
          case "/sign-in/email": {
            const email = text("email").trim().toLowerCase()
            if (await throttle.isBlocked(email, ip)) throw throttled()
            await sleep(await throttle.delayFor(email))
            return
          }
          case "/reset-password": {
            const problem = resetPasswordError(text("newPassword"))
            if (problem) throw invalid("WEAK_PASSWORD", problem)
            if (await reusesPassword(ctx, text("token"), text("newPassword"))) throw samePassword()
            return
          }
          case "/change-password":
          case "/delete-user":
          case "/verify-password": {
            if (ctx.path === "/change-password") {
              const problem = resetPasswordError(text("newPassword"))
              if (problem) throw invalid("WEAK_PASSWORD", problem)
              if (text("newPassword") === text("currentPassword")) throw samePassword()
              // The form's second typing of the new password: a typo would lock the customer out.
              const unconfirmed = validatePasswordChange({
                currentPassword: text("currentPassword"),
                newPassword: text("newPassword"),
                confirmPassword: text("confirmPassword"),
              }).confirmPassword
              if (unconfirmed) throw invalid("PASSWORD_MISMATCH", unconfirmed)
            }
            const password = ctx.path === "/change-password" ? text("currentPassword") : text("password")
            // Deleting an account always asks for the password, however fresh the session.
            if (!password) throw invalid("PASSWORD_REQUIRED", VALIDATION_MESSAGES.passwordRequired)
            const session = await getSessionFromCtx(ctx).catch(() => null)
            if (session && (await throttle.isBlocked(session.user.email, ip))) throw throttled()
            return
          }
        }
      }),
      after: createAuthMiddleware(async (ctx) => {
        const returned = ctx.context.returned
        const failed = returned instanceof APIError
        const ip = ipOf(ctx.headers)
        if (ctx.path === "/sign-in/email") {
          const email = String((ctx.body as { email?: unknown } | undefined)?.email ?? "")
            .trim()
            .toLowerCase()
          if (failed && returned.statusCode === 401) await throttle.recordFailure(email, ip)
          else if (!failed) await throttle.clear(email)
          return
        }
        const user = ctx.context.session?.user
        if (!user) return
        // Every password check counts like a sign-in, so none of them can be used to guess a password.
        const passwordChecks = ["/change-password", "/delete-user", "/verify-password"]
        if (passwordChecks.includes(ctx.path) && failed && isWrongPassword(returned))
          await throttle.recordFailure(user.email.toLowerCase(), ip)
        if (ctx.path === "/change-password" && !failed) await passwordChanged(user)
      }),
    },
  })
}

export type Auth = ReturnType<typeof createAuth>
