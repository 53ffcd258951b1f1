import { Readable } from "node:stream"
import { constants, createBrotliCompress, createGzip } from "node:zlib"
import type { MiddlewareHandler } from "hono"

const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|manifest\+json)|image\/svg\+xml)/

export function preferredEncoding(acceptEncoding: string | undefined): "br" | "gzip" | null {
  const accept = acceptEncoding ?? ""
  if (/\bbr\b/.test(accept)) return "br"
  if (/\bgzip\b/.test(accept)) return "gzip"
  return null
}

/**
 * Compresses dynamic responses (HTML, tRPC JSON) chunk by chunk with a sync flush after every write,
 * so streamed HTML reaches the browser as it is rendered instead of waiting for the whole page.
 */
export const streamingCompression = (): MiddlewareHandler => async (c, next) => {
  await next()
  const res = c.res
  const type = res.headers.get("content-type") ?? ""
  if (!res.body || res.headers.has("content-encoding") || !COMPRESSIBLE.test(type) || c.req.method === "HEAD")
    return
  const encoding = preferredEncoding(c.req.header("accept-encoding"))
  if (!encoding) return
  const compressor =
    encoding === "br"
      ? createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 4 } })
      : createGzip({ level: 6 })
  const flushKind = encoding === "br" ? constants.BROTLI_OPERATION_FLUSH : constants.Z_SYNC_FLUSH
  // React streams many small chunks; flushing once per event-loop turn keeps streaming without paying
  // for a compressed frame per chunk.
  let flushScheduled = false
  const source = Readable.fromWeb(res.body as import("node:stream/web").ReadableStream)
  source.on("data", (chunk: Buffer) => {
    compressor.write(chunk)
    if (flushScheduled) return
    flushScheduled = true
    setImmediate(() => {
      flushScheduled = false
      if (!compressor.destroyed && !compressor.writableEnded) compressor.flush(flushKind)
    })
  })
  source.on("end", () => compressor.end())
  source.on("error", (e) => compressor.destroy(e))
  const body = Readable.toWeb(compressor) as ReadableStream
  const headers = new Headers(res.headers)
  headers.delete("content-length")
  headers.set("content-encoding", encoding)
  headers.append("vary", "Accept-Encoding")
  c.res = new Response(body, { status: res.status, statusText: res.statusText, headers })
}
