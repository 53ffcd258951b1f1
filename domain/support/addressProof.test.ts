import { describe, expect, it } from "vitest"
import {
  ACKNOWLEDGEMENTS_PER_RECIPIENT,
  acknowledgementKey,
  ownsTicket,
  ticketIdOfProofToken,
} from "./addressProof"

const TICKET = "3f2b1c9e-8a7d-4e6f-9b0a-1c2d3e4f5a6b"
const b64 = (text: string) => Buffer.from(text, "utf8").toString("base64url")
const ana = { id: "u-ana", email: "Ana@Example.com", emailVerified: true }

describe("the acknowledgement's proof token", () => {
  it("names its ticket in clear, for the server to check the signature against", () => {
    expect(ticketIdOfProofToken(`chamado.${b64(TICKET)}.c2lnbmF0dXJl`)).toBe(TICKET)
  })

  it("is single-purpose: another purpose, a shape of three parts, a ticket id, a sane length", () => {
    expect(ticketIdOfProofToken(`billing.${b64(TICKET)}.c2ln`)).toBeNull()
    expect(ticketIdOfProofToken(`chamado.${b64(TICKET)}`)).toBeNull()
    expect(ticketIdOfProofToken(`chamado.${b64(TICKET)}.`)).toBeNull()
    expect(ticketIdOfProofToken(`chamado.${b64(TICKET)}.c2ln.extra`)).toBeNull()
    expect(ticketIdOfProofToken(`chamado.${b64("user-ana")}.c2ln`)).toBeNull()
    expect(ticketIdOfProofToken("chamado.!!!.c2ln")).toBeNull()
    expect(ticketIdOfProofToken(`chamado.${b64(TICKET)}.${"a".repeat(200)}`)).toBeNull()
    expect(ticketIdOfProofToken("")).toBeNull()
  })
})

describe("who a ticket belongs to", () => {
  const visitors = { userId: null, email: "ana@example.com", emailProvenAt: null }

  it("a visitor's ticket belongs to no account while its address is unproven", () => {
    expect(ownsTicket(visitors, ana)).toBe(false)
  })

  it("once proven, it belongs to the account that verified the same address, and only to it", () => {
    const proven = { ...visitors, emailProvenAt: 1 }
    expect(ownsTicket(proven, ana)).toBe(true)
    expect(ownsTicket(proven, { ...ana, emailVerified: false })).toBe(false)
    expect(ownsTicket(proven, { id: "u-bruno", email: "bruno@example.com", emailVerified: true })).toBe(false)
  })

  it("a ticket opened signed in is its account's, never another's through its address", () => {
    const brunos = { userId: "u-bruno", email: "ana@example.com", emailProvenAt: 1 }
    expect(ownsTicket(brunos, { id: "u-bruno", email: "bruno@example.com", emailVerified: false })).toBe(true)
    expect(ownsTicket(brunos, ana)).toBe(false)
  })
})

describe("the acknowledgement cap", () => {
  it("is a few messages a day per address, whatever its case", () => {
    expect(ACKNOWLEDGEMENTS_PER_RECIPIENT).toEqual({ max: 3, windowMs: 24 * 3_600_000 })
    expect(acknowledgementKey(" Ana@Example.COM ")).toBe(acknowledgementKey("ana@example.com"))
    expect(acknowledgementKey("ana@example.com")).not.toBe(acknowledgementKey("bruno@example.com"))
  })
})
