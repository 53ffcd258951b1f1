/**
 * Where better-auth keeps its data: our table names (prefixed, so `user` — a reserved word — is never used)
 * and the two role fields of the role-resolution rule. Shared by the auth adapter and the migration generator.
 */
export const AUTH_TABLES = {
  user: "auth_user",
  session: "auth_session",
  account: "auth_account",
  verification: "auth_verification",
  rateLimit: "auth_rate_limit",
} as const

export const USER_ROLE_FIELDS = {
  // "metadata role" and "app role" of the spec; neither can be set by the user (input: false).
  role: { type: "string", required: false, input: false },
  appRole: { type: "string", required: false, input: false },
} as const
