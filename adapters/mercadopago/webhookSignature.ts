import { createHmac, timingSafeEqual } from "node:crypto"

/**
 * Mercado Pago's webhook signature: `x-signature: ts=<ts>,v1=<hex>`, where v1 is HMAC-SHA256 (keyed with the
 * application's webhook secret) of `id:<data.id lower-cased>;request-id:<x-request-id>;ts:<ts>;`, a part whose
 * value is missing being left out.
 */
export function signatureManifest(parts: {
  dataId: string | null
  requestId: string | null
  ts: string | null
}): string {
  let manifest = ""
  if (parts.dataId) manifest += `id:${parts.dataId.toLowerCase()};`
  if (parts.requestId) manifest += `request-id:${parts.requestId};`
  if (parts.ts) manifest += `ts:${parts.ts};`
  return manifest
}

const hmac = (secret: string, manifest: string) => createHmac("sha256", secret).update(manifest).digest("hex")

export type SignatureCheck =
  | { readonly ok: true }
  | { readonly ok: false; readonly reason: "missing" | "malformed" | "mismatch" | "stale" }

export interface SignatureInput {
  readonly secret: string
  readonly xSignature: string | null | undefined
  readonly xRequestId: string | null | undefined
  /** `data.id` from the query string (not the body, which anyone could have changed). */
  readonly dataIdFromQuery: string | null | undefined
  /** Epoch milliseconds. */
  readonly now: number
  /** How far `ts` may be from now, either way. */
  readonly toleranceMs: number
}

/**
 * Mercado Pago documents `ts` in milliseconds but has been seen sending seconds (unconfirmed which): a value
 * too small to be a millisecond instant after 2001 is read as seconds.
 */
const tsToMs = (ts: number) => (ts < 1e12 ? ts * 1000 : ts)

function parseHeader(header: string): { ts: string; v1: string } | null {
  const fields = new Map<string, string>()
  for (const part of header.split(",")) {
    const at = part.indexOf("=")
    if (at <= 0) continue
    fields.set(part.slice(0, at).trim().toLowerCase(), part.slice(at + 1).trim())
  }
  const ts = fields.get("ts")
  const v1 = fields.get("v1")
  if (!ts || !v1 || !/^\d{1,16}$/.test(ts) || !/^[0-9a-f]{64}$/i.test(v1)) return null
  return { ts, v1: v1.toLowerCase() }
}

/** Whether a notification really comes from Mercado Pago (or the sandbox, which signs the same way). */
export function verifyWebhookSignature(input: SignatureInput): SignatureCheck {
  if (!input.xSignature) return { ok: false, reason: "missing" }
  const parsed = parseHeader(input.xSignature)
  if (!parsed) return { ok: false, reason: "malformed" }
  const expected = Buffer.from(
    hmac(
      input.secret,
      signatureManifest({
        dataId: input.dataIdFromQuery ?? null,
        requestId: input.xRequestId ?? null,
        ts: parsed.ts,
      }),
    ),
    "hex",
  )
  const given = Buffer.from(parsed.v1, "hex")
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    return { ok: false, reason: "mismatch" }
  // Checked after the signature, so a stale answer says nothing to someone who cannot sign.
  if (Math.abs(input.now - tsToMs(Number(parsed.ts))) > input.toleranceMs)
    return { ok: false, reason: "stale" }
  return { ok: true }
}

/**
 * The headers Mercado Pago would send with a notification about `dataId`; `ts` in seconds, as its documentation's
 * example and the SDK's own validator (which reads it as seconds) have it.
 */
export function signWebhook(input: { secret: string; dataId: string; requestId: string; now: number }): {
  "x-signature": string
  "x-request-id": string
} {
  const ts = String(Math.floor(input.now / 1000))
  const v1 = hmac(input.secret, signatureManifest({ dataId: input.dataId, requestId: input.requestId, ts }))
  return { "x-signature": `ts=${ts},v1=${v1}`, "x-request-id": input.requestId }
}
