import type { Context } from "hono"

/** The TCP peer of a request served by @hono/node-server. */
export const socketAddress = (c: Context): string | undefined =>
  (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming?.socket
    ?.remoteAddress

const LOOPBACK = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/

/**
 * A request from this machine itself. A proxy on the same host also connects from loopback, so a request
 * that carries any forwarding header is treated as coming from elsewhere.
 */
export function isDirectLoopback(headers: Headers, address: string | undefined): boolean {
  if (!address || !LOOPBACK.test(address)) return false
  return !["x-forwarded-for", "forwarded", "x-real-ip", "x-forwarded-host"].some((h) => headers.has(h))
}
