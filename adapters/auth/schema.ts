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
  /**
   * Set by an administrator to refuse sign-in (users screen). Ours rather than better-auth's admin plugin: the
   * plugin brings its own role field and /admin/* endpoints that decide roles by their own rule, a second
   * authority beside spec 000 §6's resolution order; one column checked where sessions are created is all a
   * block needs.
   */
  blockedAt: { type: "date", required: false, input: false },
} as const
