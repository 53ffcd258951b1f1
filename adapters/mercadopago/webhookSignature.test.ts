import { createHmac } from "node:crypto"
import { InvalidWebhookSignatureError, WebhookSignatureValidator } from "mercadopago"
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

    const ts = String(NOW / 1000)
    const v1 = createHmac("sha256", SECRET).update(`id:123456;request-id:req-1;ts:${ts};`).digest("hex")
    expect(headers["x-signature"]).toBe(`ts=${ts},v1=${v1}`)
    expect(verify({ xSignature: `ts=${ts}, v1=${v1.toUpperCase()}` })).toEqual({ ok: true })
  })

  it("accepts ts in milliseconds as well as seconds", () => {
    const ts = String(NOW)
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
    const forged = good.replace(`ts=${NOW / 1000}`, `ts=${NOW / 1000 + 1}`)
    expect(verify({ xSignature: forged })).toEqual({ ok: false, reason: "mismatch" })
  })
})

// The mercadopago package (3.6.1) ships Mercado Pago's own validator, WebhookSignatureValidator: ours must give
// the same verdict on every case, so a notification the SDK would take is never refused here, nor the reverse.
describe("our webhook check against the SDK's WebhookSignatureValidator", () => {
  const TS = String(NOW / 1000)
  const sign = (manifest: string, secret = SECRET) =>
    createHmac("sha256", secret).update(manifest).digest("hex")
  const signed = (manifest: string, secret = SECRET) => `ts=${TS},v1=${sign(manifest, secret)}`
  const manifest = `id:123456;request-id:req-1;ts:${TS};`

  type Case = {
    xSignature: string | null
    xRequestId?: string | null
    dataId?: string | null
    now?: number
  }
  const cases: [string, Case, "ok" | "refused"][] = [
    ["a valid signature", { xSignature: signed(manifest) }, "ok"],
    ["one made with another secret", { xSignature: signed(manifest, "another-secret") }, "refused"],
    [
      "a tampered ts",
      { xSignature: signed(manifest).replace(`ts=${TS}`, `ts=${Number(TS) + 1}`) },
      "refused",
    ],
    ["another data.id", { xSignature: signed(manifest), dataId: "654321" }, "refused"],
    ["another request id", { xSignature: signed(manifest), xRequestId: "req-2" }, "refused"],
    [
      "no request id, signed without one",
      { xSignature: signed(`id:123456;ts:${TS};`), xRequestId: null },
      "ok",
    ],
    ["no request id, signed with one", { xSignature: signed(manifest), xRequestId: null }, "refused"],
    [
      "no data.id, signed without one",
      { xSignature: signed(`request-id:req-1;ts:${TS};`), dataId: null },
      "ok",
    ],
    [
      "an upper-case alphanumeric data.id (hashed lower-cased)",
      { xSignature: signed(`id:abc123;request-id:req-1;ts:${TS};`), dataId: "ABC123" },
      "ok",
    ],
    [
      "a hash of the upper-cased id",
      { xSignature: signed(`id:ABC123;request-id:req-1;ts:${TS};`), dataId: "ABC123" },
      "refused",
    ],
    ["no header", { xSignature: null }, "refused"],
    ["an empty header", { xSignature: "" }, "refused"],
    ["no ts", { xSignature: `v1=${sign(manifest)}` }, "refused"],
    ["no v1", { xSignature: `ts=${TS}` }, "refused"],
    ["a ts that is not a number", { xSignature: `ts=now,v1=${sign(manifest)}` }, "refused"],
    ["spaces around the parts", { xSignature: ` ts=${TS} , v1=${sign(manifest)} ` }, "ok"],
    ["the parts in the other order", { xSignature: `v1=${sign(manifest)},ts=${TS}` }, "ok"],
    ["a stale ts", { xSignature: signed(manifest), now: NOW + TOLERANCE + 1000 }, "refused"],
    ["a ts from the future", { xSignature: signed(manifest), now: NOW - TOLERANCE - 1000 }, "refused"],
    ["a ts at the edge of the tolerance", { xSignature: signed(manifest), now: NOW + TOLERANCE }, "ok"],
  ]

  it.each(cases)("%s: both say %s", (_, c, verdict) => {
    const xRequestId = c.xRequestId === undefined ? "req-1" : c.xRequestId
    const dataId = c.dataId === undefined ? "123456" : c.dataId
    const now = c.now ?? NOW
    const ours = verify({ xSignature: c.xSignature, xRequestId, dataIdFromQuery: dataId, now })
    let sdk: "ok" | "refused" = "ok"
    try {
      WebhookSignatureValidator.validate({
        xSignature: c.xSignature,
        xRequestId,
        // Mercado Pago's documentation asks the integrator to lower-case an alphanumeric data.id before hashing;
        // the SDK leaves that to its caller (ours does it itself).
        dataId: dataId?.toLowerCase() ?? null,
        secret: SECRET,
        toleranceSeconds: TOLERANCE / 1000,
        now: () => now,
      })
    } catch (error) {
      if (!(error instanceof InvalidWebhookSignatureError)) throw error
      sdk = "refused"
    }
    expect({ ours: ours.ok ? "ok" : "refused", sdk }).toEqual({ ours: verdict, sdk: verdict })
  })

  it("differs only where ours is more lenient on purpose: upper-case hex, and ts in milliseconds", () => {
    const upper = `ts=${TS},v1=${sign(manifest).toUpperCase()}`
    expect(verify({ xSignature: upper })).toEqual({ ok: true })
    expect(() =>
      WebhookSignatureValidator.validate({
        xSignature: upper,
        xRequestId: "req-1",
        dataId: "123456",
        secret: SECRET,
      }),
    ).toThrow(InvalidWebhookSignatureError)
    // The SDK reads ts as seconds only; our check also takes milliseconds (unconfirmed which Mercado Pago sends).
    const inMs = `ts=${NOW},v1=${sign(`id:123456;request-id:req-1;ts:${NOW};`)}`
    expect(verify({ xSignature: inMs })).toEqual({ ok: true })
    expect(() =>
      WebhookSignatureValidator.validate({
        xSignature: inMs,
        xRequestId: "req-1",
        dataId: "123456",
        secret: SECRET,
        toleranceSeconds: TOLERANCE / 1000,
        now: () => NOW,
      }),
    ).toThrow(InvalidWebhookSignatureError)
  })
})
