import { describe, expect, it } from "vitest"
import { type Delivery, eventProgress, isDue } from "./delivery"

const d = (handler: string, status: Delivery["status"], retryAt: number | null = null): Delivery => ({
  handler,
  status,
  attempts: status === "failed" ? 1 : 0,
  retryAt,
})

describe("event progress", () => {
  it("is done when every handler applied it", () => {
    expect(eventProgress([d("a", "applied"), d("b", "applied")], 0)).toEqual({ status: "done" })
    expect(eventProgress([], 0)).toEqual({ status: "done" })
  })

  it("waits for the earliest retry while any handler is failing", () => {
    expect(eventProgress([d("a", "failed", 500), d("b", "failed", 200), d("c", "parked")], 100)).toEqual({
      status: "pending",
      retryAt: 200,
    })
    expect(eventProgress([d("a", "pending"), d("b", "failed", 900)], 100)).toEqual({
      status: "pending",
      retryAt: 100,
    })
  })

  it("is parked when only given-up handlers remain", () => {
    expect(eventProgress([d("a", "applied"), d("b", "parked")], 0)).toEqual({
      status: "parked",
      parkedHandlers: ["b"],
    })
  })

  it("a handler is due unless applied, parked or still backing off", () => {
    expect(isDue(undefined, 0)).toBe(true)
    expect(isDue(d("a", "applied"), 0)).toBe(false)
    expect(isDue(d("a", "parked"), 0)).toBe(false)
    expect(isDue(d("a", "failed", 100), 99)).toBe(false)
    expect(isDue(d("a", "failed", 100), 100)).toBe(true)
  })
})
