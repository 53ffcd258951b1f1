import { betterAuth } from "better-auth"
import { APIError, createAuthMiddleware } from "better-auth/api"
import type { Kysely } from "kysely"
import type { EmailMessage } from "../../application/ports/Mailer"
import type { Database } from "../db/schema"
import { passwordChangedEmail, resetPasswordEmail, verificationEmail, welcomeEmail } from "../mail/templates"
import { AUTH_TABLES, USER_ROLE_FIELDS } from "./schema"
import { signInThrottle } from "./signInThrottle"

/** The header our HTTP edge sets to the client's address (from the socket or a trusted proxy only). */
export const CLIENT_IP_HEADER = "x-store-client-ip"

export interface AuthSettings {
  readonly db: Kysely<Database>
  readonly secret: string
  readonly publicUrl: string
  readonly store: { name: string; supportEmail: string; supportHours: string; publicUrl: string }
  readonly sendEmail: (message: EmailMessage) => Promise<void>
  readonly google?: { clientId: string; clientSecret: string }
  readonly onError?: (error: unknown, context: string) => void
  readonly trustedOrigins?: (request?: Request) => string[]
}

const DAY = 24 * 60 * 60

const samePassword = () =>
  new APIError("BAD_REQUEST", {
    code: "SAME_PASSWORD",
    message: "A nova senha deve ser diferente da senha anterior",
  })

const nowInSaoPaulo = () =>
  new Intl.DateTimeFormat("pt-BR", {
    dateStyle: "short",
    timeStyle: "short",
    timeZone: "America/Sao_Paulo",
  }).format(new Date())

export function createAuth(settings: AuthSettings) {
  const { db, store } = settings
  const throttle = signInThrottle(db)
  const ipOf = (headers: Headers | undefined) => headers?.get(CLIENT_IP_HEADER) ?? "unknown"
  // Mail goes out after the response: a slow SMTP server must not slow sign-up, nor reveal timing.
  const deliver = (message: EmailMessage, context: string) => {
    void settings.sendEmail(message).catch((error) => settings.onError?.(error, context))
  }

  return betterAuth({
    appName: store.name,
    baseURL: settings.publicUrl,
    basePath: "/api/auth",
    secret: settings.secret,
    database: { db, type: "postgres" },
    trustedOrigins: settings.trustedOrigins ?? [settings.publicUrl],
    telemetry: { enabled: false },
    user: {
      modelName: AUTH_TABLES.user,
      additionalFields: USER_ROLE_FIELDS,
      deleteUser: { enabled: true },
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
        deliver({ to: user.email, ...resetPasswordEmail({ name: user.name, url, store }) }, "reset e-mail"),
      onPasswordReset: async ({ user }) =>
        deliver(
          { to: user.email, ...passwordChangedEmail({ name: user.name, store, when: nowInSaoPaulo() }) },
          "password-changed e-mail",
        ),
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: DAY,
      sendVerificationEmail: async ({ user, url }) =>
        deliver(
          { to: user.email, ...verificationEmail({ name: user.name, url, store }) },
          "verification e-mail",
        ),
      afterEmailVerification: async (user) =>
        deliver(
          { to: user.email, ...welcomeEmail({ name: user.name, url: store.publicUrl, store }) },
          "welcome e-mail",
        ),
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
        if (ctx.path === "/change-password" && !failed && user) {
          deliver(
            { to: user.email, ...passwordChangedEmail({ name: user.name, store, when: nowInSaoPaulo() }) },
            "password-changed e-mail",
          )
        }
      }),
    },
  })
}

export type Auth = ReturnType<typeof createAuth>
