import { assign, fromPromise, setup } from "xstate"
import { FORGOT_ERRORS } from "../../domain/accounts/authValidation"

export const POLL_INTERVAL_MS = 5000
export const RESEND_COOLDOWN_S = 60
export const VERIFIED_REDIRECT_MS = 2000
const TICK_MS = 1000

export interface EmailVerificationContext {
  email: string
  /** Seconds left before another resend is allowed; 0 means allowed. */
  cooldown: number
  resendError: string | null
}

export interface EmailVerificationInput {
  email: string
}

export type EmailVerificationEvent = { type: "RESEND" }

export interface EmailActorInput {
  email: string
}

/** The server's own message is the most useful thing to show; only a message-less rejection gets the generic text. */
function resendErrorMessage(error: unknown): string {
  if (typeof error === "object" && error !== null) {
    const { message } = error as { message?: unknown }
    if (typeof message === "string" && message.trim() !== "") return message
  }
  if (typeof error === "string" && error.trim() !== "") return error
  return FORGOT_ERRORS.generic
}

// Real effects live in the route; these defaults fail loudly so a forgotten `.provide()` is visible.
const notProvided = (name: string) => async () => {
  throw new Error(`${name} not provided`)
}

export const emailVerificationMachine = setup({
  types: {
    context: {} as EmailVerificationContext,
    events: {} as EmailVerificationEvent,
    input: {} as EmailVerificationInput,
  },
  actors: {
    checkVerified: fromPromise<boolean, EmailActorInput>(notProvided("checkVerified")),
    resend: fromPromise<void, EmailActorInput>(notProvided("resend")),
  },
  actions: {
    redirect: () => {},
  },
  guards: {
    cooledDown: ({ context }) => context.cooldown <= 0,
  },
  delays: {
    POLL_INTERVAL: POLL_INTERVAL_MS,
    TICK: TICK_MS,
    REDIRECT_DELAY: VERIFIED_REDIRECT_MS,
  },
}).createMachine({
  id: "emailVerification",
  context: ({ input }) => ({ email: input.email, cooldown: 0, resendError: null }),
  initial: "waiting",
  states: {
    waiting: {
      type: "parallel",
      states: {
        polling: {
          initial: "idle",
          states: {
            idle: { after: { POLL_INTERVAL: "checking" } },
            checking: {
              invoke: {
                src: "checkVerified",
                input: ({ context }) => ({ email: context.email }),
                onDone: [
                  { guard: ({ event }) => event.output === true, target: "#emailVerification.verified" },
                  { target: "idle" },
                ],
                // A flaky check must not stop the page from noticing the click in the e-mail later.
                onError: { target: "idle" },
              },
            },
          },
        },
        resend: {
          initial: "ready",
          states: {
            ready: {
              on: { RESEND: { guard: "cooledDown", target: "sending" } },
            },
            sending: {
              entry: assign({ resendError: null }),
              invoke: {
                src: "resend",
                input: ({ context }) => ({ email: context.email }),
                onDone: { target: "coolingDown", actions: assign({ cooldown: RESEND_COOLDOWN_S }) },
                // No cooldown after a failure: nothing was sent, so an immediate retry is fair.
                onError: {
                  target: "ready",
                  actions: assign({ resendError: ({ event }) => resendErrorMessage(event.error) }),
                },
              },
            },
            coolingDown: {
              always: { guard: "cooledDown", target: "ready" },
              after: {
                TICK: {
                  target: "coolingDown",
                  reenter: true,
                  actions: assign({ cooldown: ({ context }) => Math.max(0, context.cooldown - 1) }),
                },
              },
            },
          },
        },
      },
    },
    verified: {
      after: { REDIRECT_DELAY: { target: "done", actions: "redirect" } },
    },
    done: { type: "final" },
  },
})
