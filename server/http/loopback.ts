import type { Context } from "hono"

/** The TCP peer of a request served by @hono/node-server. */
export const socketAddress = (c: Context): string | undefined =>
  (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming?.socket
    ?.remoteAddress

const LOOPBACK = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/

const LOCAL_HOST_HEADER = /^(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/i

/**
 * A request typed on this machine itself, to a server that only this machine can reach. A proxy on the same
 * host also connects from loopback (with or without forwarding headers), so the server must not be behind
 * one (`TRUST_PROXY`) nor listen on the network; the Host header must name this machine, which also defeats
 * DNS rebinding from a web page open in a local browser.
 */
export function isDirectLoopback(
  headers: Headers,
  address: string | undefined,
  server: { readonly loopbackOnly: boolean; readonly trustProxy: boolean },
): boolean {
  if (!server.loopbackOnly || server.trustProxy) return false
  if (!address || !LOOPBACK.test(address)) return false
  if (!LOCAL_HOST_HEADER.test(headers.get("host") ?? "")) return false
  return !["x-forwarded-for", "forwarded", "x-real-ip", "x-forwarded-host"].some((h) => headers.has(h))
}
