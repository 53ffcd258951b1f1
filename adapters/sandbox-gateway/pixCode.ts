import type { Cents } from "../../domain/money"

/** CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF), the checksum of the BR Code, as 4 upper-case hex digits. */
export function crc16(text: string): string {
  let crc = 0xffff
  for (const byte of new TextEncoder().encode(text)) {
    crc ^= byte << 8
    for (let i = 0; i < 8; i++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff
  }
  return crc.toString(16).toUpperCase().padStart(4, "0")
}

const field = (id: string, value: string) => `${id}${String(value.length).padStart(2, "0")}${value}`

/** Only the characters the BR Code allows in names, without accents, cut to the field's limit. */
const plain = (text: string, max: number) =>
  text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^A-Za-z0-9 ]/g, "")
    .trim()
    .slice(0, max) || "Loja"

export interface PixCodeInput {
  /** The receiver's PIX key (a random "EVP" key in the sandbox). */
  readonly key: string
  readonly amount: Cents
  readonly merchantName: string
  readonly merchantCity: string
  /** Up to 25 letters and digits; identifies the charge. */
  readonly txid: string
}

/**
 * A "PIX copia e cola" text in the Banco Central's EMV BR Code layout (what a bank app reads from the QR code):
 * the sandbox's codes look and check like real ones, though no bank will ever pay them.
 */
export function pixCopiaECola(input: PixCodeInput): string {
  const reais = `${Math.floor(input.amount / 100)}.${String(input.amount % 100).padStart(2, "0")}`
  const payload = [
    field("00", "01"),
    field("01", "12"),
    field("26", field("00", "br.gov.bcb.pix") + field("01", input.key)),
    field("52", "0000"),
    field("53", "986"),
    field("54", reais),
    field("58", "BR"),
    field("59", plain(input.merchantName, 25)),
    field("60", plain(input.merchantCity, 15)),
    field("62", field("05", input.txid.replace(/[^A-Za-z0-9]/g, "").slice(0, 25) || "***")),
  ].join("")
  return `${payload}6304${crc16(`${payload}6304`)}`
}
