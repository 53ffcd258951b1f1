import { describe, expect, it } from "vitest"
import { paymentInput } from "./checkoutRouter"

const card = (deviceSessionId?: unknown) => ({
  method: "card",
  card: {
    token: "tok-1",
    installments: 1,
    paymentMethodId: "master",
    issuerId: null,
    ...(deviceSessionId === undefined ? {} : { deviceSessionId }),
  },
})

describe("the card payment's device session id", () => {
  it("is optional: the sandbox has no device fingerprint", () => {
    expect(paymentInput.safeParse(card()).success).toBe(true)
    expect(paymentInput.safeParse(card(null)).success).toBe(true)
  })

  it("is kept when it is a short token of safe characters", () => {
    const parsed = paymentInput.parse(card("armor.9f1b2c3d4e5f6a7b:1a-2_b"))
    expect(parsed.method === "card" && parsed.card.deviceSessionId).toBe("armor.9f1b2c3d4e5f6a7b:1a-2_b")
  })

  it("drops anything else (markup, spaces, a line break, an empty or an overlong value) and keeps the payment", () => {
    for (const bad of ["<script>", "a b", "", "x".repeat(257), "id\n", "id\r\nX-Other: 1", 42]) {
      const parsed = paymentInput.safeParse(card(bad))
      expect(parsed.success, String(bad)).toBe(true)
      expect(parsed.data?.method === "card" && parsed.data.card.deviceSessionId, String(bad)).toBeNull()
    }
  })
})
