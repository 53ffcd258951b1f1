import { describe, expect, it } from "vitest"
import { isDirectLoopback } from "./loopback"

const local = { loopbackOnly: true, trustProxy: false }
const headers = (h: Record<string, string>) => new Headers({ host: "localhost:3000", ...h })

describe("requests typed on this machine", () => {
  it("are loopback peers asking for a local host name, with no forwarding headers", () => {
    for (const address of ["127.0.0.1", "::1", "::ffff:127.0.0.1", "127.0.0.6"])
      expect(isDirectLoopback(headers({}), address, local)).toBe(true)
    for (const host of ["127.0.0.1:3000", "[::1]:3000", "LOCALHOST"])
      expect(isDirectLoopback(headers({ host }), "127.0.0.1", local)).toBe(true)
  })

  it("never come from elsewhere, through a proxy, or to a rebound host name", () => {
    expect(isDirectLoopback(headers({}), "203.0.113.9", local)).toBe(false)
    expect(isDirectLoopback(headers({}), undefined, local)).toBe(false)
    expect(isDirectLoopback(headers({}), "::ffff:10.0.0.1", local)).toBe(false)
    for (const h of ["x-forwarded-for", "forwarded", "x-real-ip", "x-forwarded-host"])
      expect(isDirectLoopback(headers({ [h]: "203.0.113.9" }), "127.0.0.1", local)).toBe(false)
    expect(isDirectLoopback(headers({ host: "evil.example:3000" }), "127.0.0.1", local)).toBe(false)
    expect(isDirectLoopback(headers({ host: "localhost.evil.example" }), "127.0.0.1", local)).toBe(false)
  })

  it("are not trusted at all when the server is on the network or behind a proxy", () => {
    expect(isDirectLoopback(headers({}), "127.0.0.1", { loopbackOnly: false, trustProxy: false })).toBe(false)
    expect(isDirectLoopback(headers({}), "127.0.0.1", { loopbackOnly: true, trustProxy: true })).toBe(false)
  })
})
