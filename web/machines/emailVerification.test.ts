import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import { createActor, fromPromise } from "xstate"
import {
  type EmailActorInput,
  emailVerificationMachine,
  POLL_INTERVAL_MS,
  RESEND_COOLDOWN_S,
  VERIFIED_REDIRECT_MS,
} from "./emailVerification"

const EMAIL = "maria@gmail.com"

interface Options {
  check?: (input: EmailActorInput) => Promise<boolean>
  resend?: (input: EmailActorInput) => Promise<void>
}

function start({ check = async () => false, resend = async () => {} }: Options = {}) {
  const checkVerified = vi.fn(check)
  const resendSpy = vi.fn(resend)
  const redirect = vi.fn()
  const machine = emailVerificationMachine.provide({
    actors: {
      checkVerified: fromPromise(({ input }) => checkVerified(input)),
      resend: fromPromise(({ input }) => resendSpy(input)),
    },
    actions: { redirect },
  })
  const actor = createActor(machine, { input: { email: EMAIL } }).start()
  return { actor, checkVerified, resend: resendSpy, redirect }
}

const resendState = (actor: ReturnType<typeof start>["actor"]) =>
  (actor.getSnapshot().value as { waiting: { resend: string } }).waiting.resend

beforeEach(() => {
  vi.useFakeTimers()
})

afterEach(() => {
  vi.useRealTimers()
})

describe("constants", () => {
  it.each([
    [POLL_INTERVAL_MS, 5000],
    [RESEND_COOLDOWN_S, 60],
    [VERIFIED_REDIRECT_MS, 2000],
  ])("%i === %i", (actual, expected) => {
    expect(actual).toBe(expected)
  })
})

describe("emailVerificationMachine: polling", () => {
  it("starts waiting with no cooldown", () => {
    const { actor } = start()
    expect(actor.getSnapshot().value).toEqual({ waiting: { polling: "idle", resend: "ready" } })
    expect(actor.getSnapshot().context).toEqual({ email: EMAIL, cooldown: 0, resendError: null })
  })

  it.each([
    [0, 0],
    [4999, 0],
    [5000, 1],
    [9999, 1],
    [10_000, 2],
    [15_000, 3],
    [29_999, 5],
  ])("after %i ms it has polled %i times", async (ms, polls) => {
    const { checkVerified } = start()
    await vi.advanceTimersByTimeAsync(ms)
    expect(checkVerified).toHaveBeenCalledTimes(polls)
    if (polls > 0) expect(checkVerified).toHaveBeenLastCalledWith({ email: EMAIL })
  })

  it("keeps polling after errors", async () => {
    let calls = 0
    const { actor, checkVerified } = start({
      check: async () => {
        calls += 1
        if (calls < 3) throw new Error("network")
        return true
      },
    })
    await vi.advanceTimersByTimeAsync(10_000)
    expect(checkVerified).toHaveBeenCalledTimes(2)
    expect(actor.getSnapshot().matches("waiting")).toBe(true)
    await vi.advanceTimersByTimeAsync(5000)
    expect(checkVerified).toHaveBeenCalledTimes(3)
    expect(actor.getSnapshot().value).toBe("verified")
  })

  it("does not start a new poll until the previous one settles", async () => {
    let settle: (verified: boolean) => void = () => {}
    const { checkVerified } = start({ check: () => new Promise((resolve) => (settle = resolve)) })
    await vi.advanceTimersByTimeAsync(20_000)
    expect(checkVerified).toHaveBeenCalledTimes(1)
    settle(false)
    await vi.advanceTimersByTimeAsync(5000)
    expect(checkVerified).toHaveBeenCalledTimes(2)
  })

  it("verified → redirect after exactly 2 s, then stops polling", async () => {
    const { actor, checkVerified, redirect } = start({ check: async () => true })
    await vi.advanceTimersByTimeAsync(5000)
    expect(actor.getSnapshot().value).toBe("verified")
    expect(redirect).not.toHaveBeenCalled()

    await vi.advanceTimersByTimeAsync(1999)
    expect(redirect).not.toHaveBeenCalled()
    expect(actor.getSnapshot().value).toBe("verified")

    await vi.advanceTimersByTimeAsync(1)
    expect(redirect).toHaveBeenCalledTimes(1)
    expect(actor.getSnapshot().value).toBe("done")
    expect(actor.getSnapshot().status).toBe("done")

    await vi.advanceTimersByTimeAsync(30_000)
    expect(checkVerified).toHaveBeenCalledTimes(1)
    expect(redirect).toHaveBeenCalledTimes(1)
  })

  it("RESEND is ignored once verified", async () => {
    const { actor, resend } = start({ check: async () => true })
    await vi.advanceTimersByTimeAsync(5000)
    actor.send({ type: "RESEND" })
    expect(resend).not.toHaveBeenCalled()
    expect(actor.getSnapshot().value).toBe("verified")
  })
})

describe("emailVerificationMachine: resend", () => {
  it("sends to the e-mail from input and starts a 60 s cooldown", async () => {
    const { actor, resend } = start()
    actor.send({ type: "RESEND" })
    expect(resendState(actor)).toBe("sending")
    await vi.advanceTimersByTimeAsync(0)
    expect(resend).toHaveBeenCalledExactlyOnceWith({ email: EMAIL })
    expect(actor.getSnapshot().context.cooldown).toBe(60)
    expect(resendState(actor)).toBe("coolingDown")
  })

  it.each([
    [0, 60],
    [999, 60],
    [1000, 59],
    [30_000, 30],
    [59_000, 1],
    [59_999, 1],
    [60_000, 0],
  ])("cooldown after %i ms is %i", async (ms, seconds) => {
    const { actor } = start()
    actor.send({ type: "RESEND" })
    await vi.advanceTimersByTimeAsync(0)
    await vi.advanceTimersByTimeAsync(ms)
    expect(actor.getSnapshot().context.cooldown).toBe(seconds)
    expect(resendState(actor)).toBe(seconds === 0 ? "ready" : "coolingDown")
  })

  it("RESEND is ignored during the cooldown and works again at 0", async () => {
    const { actor, resend } = start()
    actor.send({ type: "RESEND" })
    await vi.advanceTimersByTimeAsync(0)
    expect(resend).toHaveBeenCalledTimes(1)

    for (const ms of [0, 1000, 30_000, 28_999]) {
      await vi.advanceTimersByTimeAsync(ms)
      actor.send({ type: "RESEND" })
    }
    expect(actor.getSnapshot().context.cooldown).toBe(1)
    expect(resend).toHaveBeenCalledTimes(1)

    await vi.advanceTimersByTimeAsync(1)
    expect(actor.getSnapshot().context.cooldown).toBe(0)
    actor.send({ type: "RESEND" })
    await vi.advanceTimersByTimeAsync(0)
    expect(resend).toHaveBeenCalledTimes(2)
    expect(actor.getSnapshot().context.cooldown).toBe(60)
  })

  it("RESEND is ignored while a resend is in flight", async () => {
    const { actor, resend } = start({ resend: () => new Promise(() => {}) })
    actor.send({ type: "RESEND" })
    actor.send({ type: "RESEND" })
    await vi.advanceTimersByTimeAsync(0)
    expect(resend).toHaveBeenCalledTimes(1)
  })

  it.each<[string, unknown, string]>([
    ["Error", new Error("Limite de envios atingido"), "Limite de envios atingido"],
    [
      "API error object",
      { code: "TOO_MANY_REQUESTS", message: "Aguarde para reenviar" },
      "Aguarde para reenviar",
    ],
    ["bare string", "Falha no servidor", "Falha no servidor"],
    ["Error without message", new Error(""), "Não foi possível enviar o e-mail. Tente novamente."],
    ["non-Error value", 503, "Não foi possível enviar o e-mail. Tente novamente."],
  ])("resend failure (%s) shows the message without cooldown", async (_name, error, message) => {
    const { actor } = start({
      resend: async () => {
        throw error
      },
    })
    actor.send({ type: "RESEND" })
    await vi.advanceTimersByTimeAsync(0)
    expect(actor.getSnapshot().context.resendError).toBe(message)
    expect(actor.getSnapshot().context.cooldown).toBe(0)
    expect(resendState(actor)).toBe("ready")
  })

  it("a retry clears the previous error and polling keeps running", async () => {
    let attempt = 0
    const { actor, checkVerified } = start({
      resend: async () => {
        attempt += 1
        if (attempt === 1) throw new Error("Falhou")
      },
    })
    actor.send({ type: "RESEND" })
    await vi.advanceTimersByTimeAsync(0)
    expect(actor.getSnapshot().context.resendError).toBe("Falhou")

    actor.send({ type: "RESEND" })
    expect(actor.getSnapshot().context.resendError).toBeNull()
    await vi.advanceTimersByTimeAsync(5000)
    expect(actor.getSnapshot().context.cooldown).toBe(55)
    expect(checkVerified).toHaveBeenCalledTimes(1)
  })
})
