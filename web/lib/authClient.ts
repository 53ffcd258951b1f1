/**
 * Calls to our auth endpoints (better-auth mounted at /api/auth). Plain fetch keeps the library's client
 * out of the bundle; every call answers { error } with the server's code instead of throwing.
 */
export interface AuthFailure {
  readonly code: string | undefined
  readonly message: string
  readonly status: number
}
export type AuthResult<T> = { data: T; error?: undefined } | { data?: undefined; error: AuthFailure }

async function call<T>(
  path: string,
  body?: unknown,
  method = body === undefined ? "GET" : "POST",
): Promise<AuthResult<T>> {
  try {
    const res = await fetch(`/api/auth${path}`, {
      method,
      credentials: "same-origin",
      headers: body === undefined ? {} : { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const text = await res.text()
    const json = text ? (JSON.parse(text) as Record<string, unknown>) : {}
    if (!res.ok) {
      return {
        error: {
          code: json.code as string | undefined,
          message: String(json.message ?? res.statusText),
          status: res.status,
        },
      }
    }
    return { data: json as T }
  } catch {
    return { error: { code: "NETWORK", message: "Sem conexão. Verifique sua internet.", status: 0 } }
  }
}

export interface SessionInfo {
  readonly id: string
  readonly token: string
  readonly createdAt: string
  readonly expiresAt: string
  readonly ipAddress?: string | null
  readonly userAgent?: string | null
}

export const authClient = {
  signIn: (email: string, password: string) =>
    call<{ user: { email: string } }>("/sign-in/email", { email, password, rememberMe: true }),
  /** `callbackURL`: where the confirmation link lands (verificationCallbackURL keeps the way back). */
  signUp: (name: string, email: string, password: string, callbackURL = "/auth/callback") =>
    call("/sign-up/email", { name, email, password, callbackURL }),
  signOut: () => call("/sign-out", {}),
  session: () => call<{ user: { email: string; emailVerified: boolean } } | null>("/get-session"),
  resendVerification: (email: string, callbackURL = "/auth/callback") =>
    call("/send-verification-email", { email, callbackURL }),
  requestPasswordReset: (email: string) =>
    call("/request-password-reset", { email, redirectTo: "/auth/reset-password" }),
  resetPassword: (token: string, newPassword: string) => call("/reset-password", { token, newPassword }),
  changePassword: (currentPassword: string, newPassword: string, confirmPassword: string) =>
    call("/change-password", { currentPassword, newPassword, confirmPassword, revokeOtherSessions: true }),
  listSessions: () => call<SessionInfo[]>("/list-sessions"),
  revokeSession: (token: string) => call("/revoke-session", { token }),
  revokeOtherSessions: () => call("/revoke-other-sessions", {}),
  deleteAccount: (password: string) => call("/delete-user", { password }),
  updateName: (name: string) => call<{ status: boolean }>("/update-user", { name }),
  googleSignIn: () =>
    call<{ url: string }>("/sign-in/social", { provider: "google", callbackURL: "/auth/callback" }),
}
