import { Effect, Option } from "effect"
import { Headers, HttpTraceContext } from "effect/http"
import type { Context, MiddlewareHandler } from "hono"
import { newErrorId } from "../errors"
import { type RequestScope, runInRequest } from "../requestContext"
import type { AppRuntime } from "../runtime"

export const REQUEST_ID_HEADER = "x-request-id"

/** What a log line, a header and an error page can carry as they are: visible ASCII, short. */
const SANE_REQUEST_ID = /^[\x21-\x7e]{1,128}$/

/**
 * The id our own proxy gave the request, so its access log and ours name the request alike; from anyone else
 * (or malformed) a header is only a claim, and the request gets a fresh id.
 */
export function requestIdOf(headers: Headers, trustProxy: boolean): string {
  const offered = headers.get(REQUEST_ID_HEADER)
  return trustProxy && offered && SANE_REQUEST_ID.test(offered) ? offered : newErrorId()
}

/**
 * Gives every request an id, answered in `X-Request-Id` and carried by everything done for it (server/logger.ts,
 * server/trpc/procedures.ts); when the runtime exports traces, a server span around the request.
 */
export function requestIds(options: { readonly trustProxy: boolean; readonly runtime: AppRuntime }) {
  const { trustProxy, runtime } = options
  const handler: MiddlewareHandler = async (c, next) => {
    const id = requestIdOf(c.req.raw.headers, trustProxy)
    const handle = (span: RequestScope["span"]) => runInRequest({ id, span }, next)
    if (runtime.tracesRequests) await runtime.runPromise(serverSpan(c, id, trustProxy, handle))
    else await handle(null)
    c.res.headers.set(REQUEST_ID_HEADER, id)
  }
  return handler
}

/** The request's span, under the trace our proxy started when it sent one (W3C or B3 headers). */
function serverSpan(
  c: Context,
  id: string,
  trustProxy: boolean,
  handle: (span: RequestScope["span"]) => Promise<void>,
) {
  const parent = trustProxy
    ? Option.getOrUndefined(HttpTraceContext.fromHeaders(Headers.fromInput(c.req.raw.headers)))
    : undefined
  return Effect.currentSpan.pipe(
    Effect.flatMap((span) =>
      Effect.promise(() => handle(span)).pipe(
        Effect.tap(() => Effect.sync(() => span.attribute("http.response.status_code", c.res.status))),
      ),
    ),
    // Inside withSpan there is always a current span.
    Effect.orDie,
    Effect.withSpan(c.req.method, {
      kind: "server",
      ...(parent ? { parent } : {}),
      attributes: { "http.request.method": c.req.method, "url.path": c.req.path, "request.id": id },
    }),
  )
}
