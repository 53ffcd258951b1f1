import { describe, expect, it } from "vitest"
import type { Order } from "../orders/order"
import {
  certificateCodeFrom,
  certificatesFor,
  editionLabel,
  normalizeCertificateCode,
  ownerInitials,
} from "./certificate"

const bytes = (seed: number) => Uint8Array.from({ length: 13 }, (_, i) => (seed * 31 + i * 7) % 256)

const order = {
  id: "o1",
  status: "paid",
  lines: [
    { productId: "p1", name: "Goku", collectionName: "Anime Legends", editionSize: 500, serials: [37, 38] },
    { productId: "p2", name: "Vegeta", collectionName: "Anime Legends", editionSize: null, serials: [] },
    { productId: "p3", name: "Freeza", collectionName: "Anime Legends", editionSize: 10, serials: [1] },
  ],
} as unknown as Order

describe("certificates of authenticity", () => {
  it("have 100-bit codes, read back in any case, with the look-alike letters forgiven", () => {
    const code = certificateCodeFrom(bytes(1))
    expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{5}(-[0-9A-HJKMNP-TV-Z]{5}){3}$/)
    expect(certificateCodeFrom(bytes(2))).not.toBe(code)
    expect(normalizeCertificateCode(code.toLowerCase().replace(/-/g, ""))).toBe(code)
    expect(normalizeCertificateCode("OOOOO-IIIII-LLLLL-00000")).toBe("00000-11111-11111-00000")
    expect(normalizeCertificateCode("ABC")).toBeNull()
    expect(normalizeCertificateCode("UUUUU-UUUUU-UUUUU-UUUUU")).toBeNull()
    expect(() => certificateCodeFrom(new Uint8Array(12))).toThrow(RangeError)
  })

  it("show only the owner's initials", () => {
    expect(ownerInitials("Ana Souza")).toBe("A. S.")
    expect(ownerInitials("maria da silva santos")).toBe("M. S.")
    expect(ownerInitials("Édson")).toBe("É.")
    expect(ownerInitials("  ")).toBe("")
  })

  it("are one per paid numbered unit, and none for an unpaid order", () => {
    const codes = ["A", "B", "C"]
    const issued = certificatesFor(order, "Ana Souza", codes, 1000)
    expect(issued.map((c) => [c.code, c.productName, editionLabel(c.serial, c.editionSize)])).toEqual([
      ["A", "Goku", "37/500"],
      ["B", "Goku", "38/500"],
      ["C", "Freeza", "1/10"],
    ])
    expect(issued[0]).toMatchObject({
      orderId: "o1",
      ownerInitials: "A. S.",
      issuedAt: 1000,
      revokedAt: null,
    })
    expect(certificatesFor({ ...order, status: "awaiting_payment" }, "Ana", codes, 1000)).toEqual([])
    expect(() => certificatesFor(order, "Ana", ["A"], 1000)).toThrow(RangeError)
  })
})
