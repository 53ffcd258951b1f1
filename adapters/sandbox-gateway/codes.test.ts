import { inflateSync } from "node:zlib"
import { describe, expect, it } from "vitest"
import { saoPauloInstant } from "../../domain/calendar"
import { byteCapacity, encodeQr, reedSolomonRemainder } from "../../domain/qrCode"
import { dueFactor, formatDigitableLine, makeBoleto, mod10, mod11 } from "./boleto"
import { crc16, pixCopiaECola } from "./pixCode"
import { qrPng } from "./png"
import { checkTestCard, outcomeForHolder } from "./testCards"

describe("QR code encoder", () => {
  it("computes Reed-Solomon codewords like the standard's worked example (1-M, HELLO WORLD)", () => {
    const data = [32, 91, 11, 120, 209, 114, 220, 77, 67, 64, 236, 17, 236, 17, 236, 17]
    expect(reedSolomonRemainder(data, 10)).toEqual([196, 35, 39, 119, 235, 215, 231, 226, 93, 23])
  })

  it("knows level M's byte capacities", () => {
    expect(byteCapacity(1)).toBe(14)
    expect(byteCapacity(10)).toBe(213)
    expect(byteCapacity(40)).toBe(2331)
  })

  it("picks the smallest version and draws the finder and timing patterns", () => {
    const qr = encodeQr("a".repeat(100))
    expect(qr.version).toBe(6)
    expect(qr.size).toBe(41)
    const row = (y: number) => qr.dark[y]!.map((d) => (d ? 1 : 0)).join("")
    expect(row(0).slice(0, 7)).toBe("1111111")
    expect(row(2).slice(0, 7)).toBe("1011101")
    expect(row(0).slice(-7)).toBe("1111111")
    expect(row(6).slice(8, 33)).toBe("1010101010101010101010101")
    expect(qr.dark[qr.size - 8]![8]).toBe(true) // the dark module
  })

  it("writes a PNG with the QR's pixels", () => {
    const qr = encodeQr("00020126")
    const png = qrPng(qr, 2)
    expect(png.subarray(0, 8).toString("hex")).toBe("89504e470d0a1a0a")
    const side = png.readUInt32BE(16)
    expect(side).toBe((qr.size + 8) * 2)
    const idatLength = png.readUInt32BE(33)
    expect(png.subarray(37, 41).toString("ascii")).toBe("IDAT")
    const pixels = inflateSync(png.subarray(41, 41 + idatLength))
    expect(pixels.length).toBe((side + 1) * side)
    // Quiet zone white, first finder module black.
    expect(pixels[1]).toBe(0xff)
    expect(pixels[8 * (side + 1) + 1 + 8]).toBe(0)
  })
})

describe("PIX copia e cola", () => {
  it("uses CRC-16/CCITT-FALSE", () => {
    expect(crc16("123456789")).toBe("29B1")
  })

  it("lays out an EMV BR Code with amount, merchant and a valid checksum", () => {
    const code = pixCopiaECola({
      key: "123e4567-e12b-12d1-a456-426655440000",
      amount: 1990,
      merchantName: "Legendárium Colecionáveis Ltda",
      merchantCity: "São Paulo",
      txid: "SBX-0001",
    })
    expect(code).toMatch(/^000201010212/)
    expect(code).toContain("0014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-426655440000")
    expect(code).toContain("540519.90")
    expect(code).toContain("5802BR")
    expect(code).toContain("5925Legendarium Colecionaveis6009")
    expect(code).toContain("6009Sao Paulo")
    expect(code).toContain("62110507SBX0001")
    expect(code.slice(-4)).toBe(crc16(code.slice(0, -4)))
  })
})

describe("Boleto", () => {
  it("computes the FEBRABAN check digits", () => {
    expect(mod10("001905009")).toBe(5)
    expect(mod11("0019373700000001000500940144816060680935031")).toBe(3)
  })

  it("restarts the due factor at 1000 on 2025-02-22", () => {
    expect(dueFactor(saoPauloInstant({ year: 2025, month: 2, day: 21 }, 12))).toBe("9999")
    expect(dueFactor(saoPauloInstant({ year: 2025, month: 2, day: 22 }, 12))).toBe("1000")
    expect(dueFactor(saoPauloInstant({ year: 2000, month: 7, day: 3 }, 12))).toBe("1000")
  })

  it("builds a 44-digit barcode and the matching 47-digit line", () => {
    const due = saoPauloInstant({ year: 2026, month: 11, day: 30 }, 23)
    const { barcode, digitableLine } = makeBoleto(123456, due, "1234567890123456789012345")
    expect(barcode).toMatch(/^\d{44}$/)
    expect(digitableLine).toMatch(/^\d{47}$/)
    expect(barcode.slice(0, 4)).toBe("2379")
    expect(barcode.slice(9, 19)).toBe("0000123456")
    expect(Number(barcode[4])).toBe(mod11(barcode.slice(0, 4) + barcode.slice(5)))
    // The line carries the barcode's digits, re-ordered, with a check digit per field.
    expect(digitableLine.slice(32, 33)).toBe(barcode[4])
    expect(digitableLine.slice(33)).toBe(barcode.slice(5, 19))
    expect(Number(digitableLine[9])).toBe(mod10(digitableLine.slice(0, 9)))
    expect(Number(digitableLine[20])).toBe(mod10(digitableLine.slice(10, 20)))
    expect(Number(digitableLine[31])).toBe(mod10(digitableLine.slice(21, 31)))
    expect(formatDigitableLine(digitableLine)).toMatch(/^\d{5}\.\d{5} \d{5}\.\d{6} \d{5}\.\d{6} \d \d{14}$/)
  })
})

describe("Sandbox test cards", () => {
  const now = { year: 2026, month: 11 }
  const card = {
    cardNumber: "5031 4332 1540 6351",
    cardholderName: "APRO",
    expirationMonth: 11,
    expirationYear: 2030,
    securityCode: "123",
    cpf: "12345678909",
  }

  it("accepts Mercado Pago's test cards and tells the brand", () => {
    expect(checkTestCard(card, now)).toEqual({
      ok: true,
      paymentMethodId: "master",
      firstSix: "503143",
      lastFour: "6351",
    })
    expect(
      checkTestCard({ ...card, cardNumber: "3753 651535 56885", securityCode: "1234" }, now),
    ).toMatchObject({ ok: true, paymentMethodId: "amex" })
  })

  it("refuses any other number, a past expiry, a CVV of the wrong length and a bad CPF", () => {
    expect(checkTestCard({ ...card, cardNumber: "4111111111111111" }, now)).toEqual({
      ok: false,
      field: "cardNumber",
      message: "No ambiente de testes use um dos cartões de teste do Mercado Pago",
    })
    expect(checkTestCard({ ...card, expirationYear: 2026, expirationMonth: 10 }, now)).toMatchObject({
      ok: false,
      field: "expirationYear",
    })
    expect(checkTestCard({ ...card, expirationYear: 26, expirationMonth: 11 }, now)).toMatchObject({
      ok: true,
    })
    expect(checkTestCard({ ...card, securityCode: "1234" }, now)).toMatchObject({ field: "securityCode" })
    expect(checkTestCard({ ...card, cardNumber: "375365153556885", securityCode: "123" }, now)).toMatchObject(
      { field: "securityCode" },
    )
    expect(checkTestCard({ ...card, cpf: "11111111111" }, now)).toMatchObject({ field: "cpf" })
  })

  it("decides the outcome by the cardholder name", () => {
    expect(outcomeForHolder("APRO")).toEqual({ status: "approved", statusDetail: "accredited" })
    expect(outcomeForHolder("apro fulano")).toEqual({ status: "approved", statusDetail: "accredited" })
    expect(outcomeForHolder("CONT")).toEqual({ status: "in_process", statusDetail: "pending_contingency" })
    expect(outcomeForHolder("FUND")).toEqual({
      status: "rejected",
      statusDetail: "cc_rejected_insufficient_amount",
    })
    expect(outcomeForHolder("Maria Silva")).toEqual({
      status: "rejected",
      statusDetail: "cc_rejected_other_reason",
    })
  })
})
