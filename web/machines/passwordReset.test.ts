import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import { createActor, fromPromise } from "xstate"
import {
  type PasswordResetEvent,
  passwordResetMachine,
  RESET_REDIRECT_MS,
  type ResetPasswordInput,
  type VerifyTokenInput,
} from "./passwordReset"

const SAME = "A nova senha deve ser diferente da senha anterior"
const FAILED = "Não foi possível redefinir a senha. Tente novamente."
const STRONG = "NovaSenha1"

interface Options {
  token?: string | null
  verify?: (input: VerifyTokenInput) => Promise<boolean>
  reset?: (input: ResetPasswordInput) => Promise<void>
  valid?: boolean
}

function start({ token = "t", verify = async () => true, reset = async () => {}, valid }: Options = {}) {
  const verifyToken = vi.fn(verify)
  const resetPassword = vi.fn(reset)
  const calls: string[] = []
  const record = (name: string) => vi.fn(() => void calls.push(name))
  const actions = {
    signOut: record("signOut"),
    redirectToLogin: record("redirectToLogin"),
    redirectToForgot: record("redirectToForgot"),
    notifyExpired: record("notifyExpired"),
  }
  const machine = passwordResetMachine.provide({
    actors: {
      verifyToken: fromPromise(({ input }) => verifyToken(input)),
      resetPassword: fromPromise(({ input }) => resetPassword(input)),
    },
    actions,
    ...(valid === undefined ? {} : { guards: { valid: () => valid } }),
  })
  const actor = createActor(machine, { input: { token } })
  actor.start()
  return { actor, verifyToken, resetPassword, actions, calls }
}

function fill(actor: ReturnType<typeof start>["actor"], password: string, confirmPassword = password) {
  const events: PasswordResetEvent[] = [
    { type: "CHANGE", field: "password", value: password },
    { type: "CHANGE", field: "confirmPassword", value: confirmPassword },
    { type: "SUBMIT" },
  ]
  for (const event of events) actor.send(event)
}

beforeEach(() => {
  vi.useFakeTimers()
})

afterEach(() => {
  vi.useRealTimers()
})

describe("passwordResetMachine: verifying", () => {
  it.each<[string, string | null]>([
    ["null token", null],
    ["empty token", ""],
  ])("%s → invalidLink without asking the server", (_name, token) => {
    const { actor, verifyToken } = start({ token })
    expect(actor.getSnapshot().value).toBe("invalidLink")
    expect(actor.getSnapshot().status).toBe("done")
    expect(verifyToken).not.toHaveBeenCalled()
  })

  it.each<[string, () => Promise<boolean>, string]>([
    ["resolves true", async () => true, "form"],
    ["resolves false", async () => false, "invalidLink"],
    [
      "rejects",
      async () => {
        throw new Error("network")
      },
      "invalidLink",
    ],
  ])("verifyToken %s → %s", async (_name, verify, expected) => {
    const { actor, verifyToken } = start({ token: "abc", verify })
    expect(actor.getSnapshot().value).toBe("verifying")
    await vi.advanceTimersByTimeAsync(0)
    expect(actor.getSnapshot().value).toBe(expected)
    expect(verifyToken).toHaveBeenCalledExactlyOnceWith({ token: "abc" })
  })

  it("ignores form events while verifying", () => {
    const { actor } = start({ verify: () => new Promise(() => {}) })
    actor.send({ type: "CHANGE", field: "password", value: STRONG })
    actor.send({ type: "SUBMIT" })
    expect(actor.getSnapshot().value).toBe("verifying")
    expect(actor.getSnapshot().context.password).toBe("")
  })
})

describe("passwordResetMachine: form", () => {
  it.each<[string, string, string, Record<string, string>]>([
    ["empty", "", "", { password: "A senha deve ter pelo menos 8 caracteres" }],
    ["no digit", "NovaSenha", "NovaSenha", { password: "A senha deve conter pelo menos um número" }],
    [
      "no uppercase",
      "novasenha1",
      "novasenha1",
      { password: "A senha deve conter pelo menos uma letra maiúscula" },
    ],
    ["mismatch", STRONG, "NovaSenha2", { confirmPassword: "As senhas não coincidem" }],
  ])("validation errors keep the form: %s", async (_name, password, confirmPassword, errors) => {
    const { actor, resetPassword } = start()
    await vi.advanceTimersByTimeAsync(0)
    fill(actor, password, confirmPassword)
    expect(actor.getSnapshot().value).toBe("form")
    expect(actor.getSnapshot().context.errors).toEqual(errors)
    expect(resetPassword).not.toHaveBeenCalled()
  })

  it("weak password is blocked", async () => {
    const { actor, resetPassword } = start()
    await vi.advanceTimersByTimeAsync(0)
    fill(actor, "123")
    expect(actor.getSnapshot().value).toBe("form")
    expect(actor.getSnapshot().context.errors).toEqual({
      password: "A senha deve ter pelo menos 8 caracteres",
    })
    expect(resetPassword).not.toHaveBeenCalled()
  })

  it.each<[string, boolean]>([
    ["12345", false],
    ["123456", false],
    ["abcdef", true],
  ])("strongEnough guard alone decides %o (validation bypassed) → submits %o", async (password, submits) => {
    const { actor, resetPassword } = start({ valid: true })
    await vi.advanceTimersByTimeAsync(0)
    fill(actor, password)
    expect(actor.getSnapshot().value).toBe(submits ? "submitting" : "form")
    expect(resetPassword).toHaveBeenCalledTimes(submits ? 1 : 0)
  })

  it("editing a field clears only that field's error", async () => {
    const { actor } = start()
    await vi.advanceTimersByTimeAsync(0)
    fill(actor, "abc", "abd")
    expect(Object.keys(actor.getSnapshot().context.errors)).toEqual(["password", "confirmPassword"])
    actor.send({ type: "CHANGE", field: "confirmPassword", value: "abc" })
    expect(actor.getSnapshot().context.errors).toEqual({
      password: "A senha deve ter pelo menos 8 caracteres",
    })
    expect(actor.getSnapshot().context.confirmPassword).toBe("abc")
  })
})

describe("passwordResetMachine: submitting", () => {
  it.each<[string, unknown, string]>([
    ["Error message SAME_PASSWORD", new Error("SAME_PASSWORD"), SAME],
    ["code SAME_PASSWORD", { code: "SAME_PASSWORD", message: "Password must differ", status: 400 }, SAME],
    ["unknown error", new Error("boom"), FAILED],
    ["non-Error rejection", 500, FAILED],
    ["code-less object", { status: 500 }, FAILED],
  ])("%s → back to form with the pt-BR submitError", async (_name, error, message) => {
    const { actor, resetPassword, actions } = start({
      reset: async () => {
        throw error
      },
    })
    await vi.advanceTimersByTimeAsync(0)
    fill(actor, STRONG)
    expect(resetPassword).toHaveBeenCalledExactlyOnceWith({ token: "t", password: STRONG })
    await vi.advanceTimersByTimeAsync(0)
    expect(actor.getSnapshot().value).toBe("form")
    expect(actor.getSnapshot().context.submitError).toBe(message)
    expect(actions.redirectToForgot).not.toHaveBeenCalled()
    expect(actions.signOut).not.toHaveBeenCalled()
  })

  it("a new submit clears the previous submitError", async () => {
    let attempt = 0
    const { actor } = start({
      reset: async () => {
        attempt += 1
        if (attempt === 1) throw new Error("SAME_PASSWORD")
        return new Promise(() => {})
      },
    })
    await vi.advanceTimersByTimeAsync(0)
    fill(actor, STRONG)
    await vi.advanceTimersByTimeAsync(0)
    expect(actor.getSnapshot().context.submitError).toBe(SAME)
    fill(actor, "OutraSenha2")
    expect(actor.getSnapshot().value).toBe("submitting")
    expect(actor.getSnapshot().context.submitError).toBeNull()
  })

  it.each<[string, unknown]>([
    ["code INVALID_TOKEN", { code: "INVALID_TOKEN", message: "invalid token" }],
    ["code EXPIRED", { code: "EXPIRED" }],
    ["Error message INVALID_TOKEN", new Error("INVALID_TOKEN")],
    ["Error message EXPIRED", new Error("EXPIRED")],
  ])("%s → expired, notifies and redirects to forgot", async (_name, error) => {
    const { actor, actions, calls } = start({
      reset: async () => {
        throw error
      },
    })
    await vi.advanceTimersByTimeAsync(0)
    fill(actor, STRONG)
    await vi.advanceTimersByTimeAsync(0)
    expect(actor.getSnapshot().value).toBe("expired")
    expect(actor.getSnapshot().status).toBe("done")
    expect(actions.notifyExpired).toHaveBeenCalledTimes(1)
    expect(actions.redirectToForgot).toHaveBeenCalledTimes(1)
    expect(calls).toEqual(["notifyExpired", "redirectToForgot"])
  })
})

describe("passwordResetMachine: success", () => {
  it("exports a 3 s redirect", () => {
    expect(RESET_REDIRECT_MS).toBe(3000)
  })

  it("signs out at once and redirects to login only after 3 s", async () => {
    const { actor, actions, calls } = start()
    await vi.advanceTimersByTimeAsync(0)
    fill(actor, STRONG)
    await vi.advanceTimersByTimeAsync(0)
    expect(actor.getSnapshot().value).toBe("success")
    expect(actions.signOut).toHaveBeenCalledTimes(1)
    expect(actions.redirectToLogin).not.toHaveBeenCalled()

    await vi.advanceTimersByTimeAsync(2999)
    expect(actor.getSnapshot().value).toBe("success")
    expect(actions.redirectToLogin).not.toHaveBeenCalled()

    await vi.advanceTimersByTimeAsync(1)
    expect(actions.redirectToLogin).toHaveBeenCalledTimes(1)
    expect(actor.getSnapshot().value).toBe("done")
    expect(actor.getSnapshot().status).toBe("done")
    expect(calls).toEqual(["signOut", "redirectToLogin"])
  })

  it("the redirect delay can be overridden", async () => {
    const redirectToLogin = vi.fn()
    const actor = createActor(
      passwordResetMachine.provide({
        actors: {
          verifyToken: fromPromise(async () => true),
          resetPassword: fromPromise(async () => {}),
        },
        actions: { redirectToLogin },
        delays: { REDIRECT_DELAY: 10 },
      }),
      { input: { token: "t" } },
    ).start()
    await vi.advanceTimersByTimeAsync(0)
    fill(actor, STRONG)
    await vi.advanceTimersByTimeAsync(10)
    expect(redirectToLogin).toHaveBeenCalledTimes(1)
    expect(actor.getSnapshot().value).toBe("done")
  })
})
