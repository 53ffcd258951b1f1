import { createHmac } from "node:crypto"
import { describe, expect, it } from "vitest"
import { signatureManifest, signWebhook, verifyWebhookSignature } from "./webhookSignature"

const SECRET = "webhook-secret-for-tests"
const NOW = 1_790_000_000_000
const TOLERANCE = 5 * 60_000

const verify = (over: Partial<Parameters<typeof verifyWebhookSignature>[0]>) =>
  verifyWebhookSignature({
    secret: SECRET,
    xSignature: null,
    xRequestId: "req-1",
    dataIdFromQuery: "123456",
    now: NOW,
    toleranceMs: TOLERANCE,
    ...over,
  })

describe("Mercado Pago webhook signature", () => {
  it("builds the manifest in Mercado Pago's order, lower-casing the id and leaving out missing parts", () => {
    expect(signatureManifest({ dataId: "ABC123", requestId: "r-1", ts: "1700" })).toBe(
      "id:abc123;request-id:r-1;ts:1700;",
    )
    expect(signatureManifest({ dataId: null, requestId: "r-1", ts: "1700" })).toBe("request-id:r-1;ts:1700;")
    expect(signatureManifest({ dataId: "9", requestId: null, ts: "1700" })).toBe("id:9;ts:1700;")
  })

  it("accepts what it signed, and a hand-computed HMAC of the documented manifest", () => {
    const headers = signWebhook({ secret: SECRET, dataId: "123456", requestId: "req-1", now: NOW })
    expect(headers["x-request-id"]).toBe("req-1")
    expect(verify({ xSignature: headers["x-signature"] })).toEqual({ ok: true })

    const ts = String(NOW)
    const v1 = createHmac("sha256", SECRET).update(`id:123456;request-id:req-1;ts:${ts};`).digest("hex")
    expect(headers["x-signature"]).toBe(`ts=${ts},v1=${v1}`)
    expect(verify({ xSignature: `ts=${ts}, v1=${v1.toUpperCase()}` })).toEqual({ ok: true })
  })

  it("accepts ts in seconds as well as milliseconds", () => {
    const ts = String(NOW / 1000)
    const v1 = createHmac("sha256", SECRET).update(`id:123456;request-id:req-1;ts:${ts};`).digest("hex")
    expect(verify({ xSignature: `ts=${ts},v1=${v1}` })).toEqual({ ok: true })
  })

  it("lower-cases an alphanumeric data.id from the query before hashing", () => {
    const headers = signWebhook({ secret: SECRET, dataId: "AbC", requestId: "req-1", now: NOW })
    expect(verify({ xSignature: headers["x-signature"], dataIdFromQuery: "abc" })).toEqual({ ok: true })
    expect(verify({ xSignature: headers["x-signature"], dataIdFromQuery: "ABC" })).toEqual({ ok: true })
  })

  it("says why a signature is refused", () => {
    const good = signWebhook({ secret: SECRET, dataId: "123456", requestId: "req-1", now: NOW })[
      "x-signature"
    ]
    expect(verify({ xSignature: null })).toEqual({ ok: false, reason: "missing" })
    expect(verify({ xSignature: "" })).toEqual({ ok: false, reason: "missing" })
    expect(verify({ xSignature: "v1=abc" })).toEqual({ ok: false, reason: "malformed" })
    expect(verify({ xSignature: `ts=now,v1=${"a".repeat(64)}` })).toEqual({ ok: false, reason: "malformed" })
    expect(verify({ xSignature: `ts=${NOW},v1=abcd` })).toEqual({ ok: false, reason: "malformed" })
    expect(verify({ xSignature: good, dataIdFromQuery: "999" })).toEqual({ ok: false, reason: "mismatch" })
    expect(verify({ xSignature: good, xRequestId: "req-2" })).toEqual({ ok: false, reason: "mismatch" })
    expect(verify({ xSignature: good, secret: "another-secret" })).toEqual({ ok: false, reason: "mismatch" })
    expect(verify({ xSignature: good, now: NOW + TOLERANCE + 1 })).toEqual({ ok: false, reason: "stale" })
    expect(verify({ xSignature: good, now: NOW - TOLERANCE - 1 })).toEqual({ ok: false, reason: "stale" })
    expect(verify({ xSignature: good, now: NOW + TOLERANCE })).toEqual({ ok: true })
  })

  it("refuses a signature made for another timestamp (the ts is part of what is signed)", () => {
    const good = signWebhook({ secret: SECRET, dataId: "123456", requestId: "req-1", now: NOW })[
      "x-signature"
    ]
    const forged = good.replace(`ts=${NOW}`, `ts=${NOW + 1000}`)
    expect(verify({ xSignature: forged })).toEqual({ ok: false, reason: "mismatch" })
  })
})
