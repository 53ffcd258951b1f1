import { and, assign, fromPromise, not, setup } from "xstate"
import {
  canSubmitReset,
  RESET_FAILED_MESSAGE,
  SAME_PASSWORD_MESSAGE,
  validateReset,
} from "../../domain/accounts/authValidation"

export const RESET_REDIRECT_MS = 3000

export type ResetField = "password" | "confirmPassword"

export interface PasswordResetContext {
  token: string | null
  password: string
  confirmPassword: string
  errors: Record<string, string>
  submitError: string | null
}

export interface PasswordResetInput {
  token: string | null
}

export type PasswordResetEvent = { type: "CHANGE"; field: ResetField; value: string } | { type: "SUBMIT" }

export interface VerifyTokenInput {
  token: string
}

export interface ResetPasswordInput {
  token: string
  password: string
}

const SAME_PASSWORD_CODES = new Set(["SAME_PASSWORD"])
const EXPIRED_TOKEN_CODES = new Set(["INVALID_TOKEN", "EXPIRED"])

/** Servers report the reason either as `code` (better-auth's APIError) or as a bare `message`. */
function errorMatches(error: unknown, codes: ReadonlySet<string>): boolean {
  if (typeof error !== "object" || error === null) return typeof error === "string" && codes.has(error)
  const { code, message } = error as { code?: unknown; message?: unknown }
  return (typeof code === "string" && codes.has(code)) || (typeof message === "string" && codes.has(message))
}

// Real effects live in the route; these defaults fail loudly so a forgotten `.provide()` lands on an error state.
const notProvided = (name: string) => async () => {
  throw new Error(`${name} not provided`)
}

export const passwordResetMachine = setup({
  types: {
    context: {} as PasswordResetContext,
    events: {} as PasswordResetEvent,
    input: {} as PasswordResetInput,
  },
  actors: {
    verifyToken: fromPromise<boolean, VerifyTokenInput>(notProvided("verifyToken")),
    resetPassword: fromPromise<void, ResetPasswordInput>(notProvided("resetPassword")),
  },
  actions: {
    signOut: () => {},
    redirectToLogin: () => {},
    redirectToForgot: () => {},
    notifyExpired: () => {},
  },
  guards: {
    hasToken: ({ context }) => context.token !== null && context.token !== "",
    valid: ({ context }) =>
      Object.keys(validateReset({ password: context.password, confirmPassword: context.confirmPassword }))
        .length === 0,
    strongEnough: ({ context }) => canSubmitReset(context.password),
    samePasswordError: (_, params: { error: unknown }) => errorMatches(params.error, SAME_PASSWORD_CODES),
    expiredTokenError: (_, params: { error: unknown }) => errorMatches(params.error, EXPIRED_TOKEN_CODES),
  },
  delays: {
    REDIRECT_DELAY: RESET_REDIRECT_MS,
  },
}).createMachine({
  id: "passwordReset",
  context: ({ input }) => ({
    token: input.token,
    password: "",
    confirmPassword: "",
    errors: {},
    submitError: null,
  }),
  initial: "verifying",
  states: {
    verifying: {
      // Without a token there is nothing to ask the server about.
      always: { guard: not("hasToken"), target: "invalidLink" },
      invoke: {
        src: "verifyToken",
        input: ({ context }) => ({ token: context.token ?? "" }),
        onDone: [{ guard: ({ event }) => event.output === true, target: "form" }, { target: "invalidLink" }],
        onError: { target: "invalidLink" },
      },
    },
    invalidLink: { type: "final" },
    form: {
      on: {
        CHANGE: {
          actions: assign(({ context, event }) => {
            // Editing a field retracts its stale error; other fields keep theirs until the next submit.
            const { [event.field]: _cleared, ...errors } = context.errors
            return { [event.field]: event.value, errors }
          }),
        },
        SUBMIT: [
          {
            guard: and(["valid", "strongEnough"]),
            target: "submitting",
            actions: assign({ errors: {}, submitError: null }),
          },
          {
            actions: assign({
              errors: ({ context }) =>
                validateReset({ password: context.password, confirmPassword: context.confirmPassword }),
              submitError: null,
            }),
          },
        ],
      },
    },
    submitting: {
      invoke: {
        src: "resetPassword",
        input: ({ context }) => ({ token: context.token ?? "", password: context.password }),
        onDone: { target: "success" },
        onError: [
          {
            guard: { type: "samePasswordError", params: ({ event }) => ({ error: event.error }) },
            target: "form",
            actions: assign({ submitError: SAME_PASSWORD_MESSAGE }),
          },
          {
            guard: { type: "expiredTokenError", params: ({ event }) => ({ error: event.error }) },
            target: "expired",
          },
          { target: "form", actions: assign({ submitError: RESET_FAILED_MESSAGE }) },
        ],
      },
    },
    success: {
      // The reset session must not outlive the reset: the user signs in again with the new password.
      entry: "signOut",
      after: { REDIRECT_DELAY: { target: "done", actions: "redirectToLogin" } },
    },
    expired: {
      type: "final",
      entry: ["notifyExpired", "redirectToForgot"],
    },
    done: { type: "final" },
  },
})
