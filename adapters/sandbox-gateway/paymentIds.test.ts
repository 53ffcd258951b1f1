import { describe, expect, it } from "vitest"
import { newSandboxPaymentId } from "./paymentIds"

describe("sandbox payment ids", () => {
  it("are 18 digits, never counted from the last one", () => {
    const ids = Array.from({ length: 200 }, newSandboxPaymentId)
    for (const id of ids) expect(id).toMatch(/^[1-9]\d{17}$/)
    expect(new Set(ids).size).toBe(ids.length)
    const steps = ids.slice(1).map((id, i) => BigInt(id) - BigInt(ids[i] ?? "0"))
    expect(steps.filter((step) => step === 1n)).toEqual([])
  })
})
