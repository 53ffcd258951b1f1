import { AsyncLocalStorage } from "node:async_hooks"
import { Effect, type Tracer } from "effect"

/** The HTTP request being handled: its id, and its span when the server exports traces. */
export interface RequestScope {
  readonly id: string
  readonly span: Tracer.AnySpan | null
}

// Async context, not an argument: the request's log lines come from code that holds the process-wide logger
// (routes, auth, error mapping), and they carry the id without each of them being handed a child logger.
const storage = new AsyncLocalStorage<RequestScope>()

export const runInRequest = <A>(scope: RequestScope, handle: () => A): A => storage.run(scope, handle)

export const currentRequest = (): RequestScope | undefined => storage.getStore()

/**
 * A use case run on behalf of a request: its log annotations name the request (for any Effect logger, not only
 * the pino one that reads the async context) and its spans hang under the request's span.
 */
export const forRequest =
  (request: RequestScope | undefined) =>
  <A, E, R>(effect: Effect.Effect<A, E, R>): Effect.Effect<A, E, R> => {
    if (!request) return effect
    const annotated = Effect.annotateLogs(effect, "requestId", request.id)
    return request.span ? Effect.withParentSpan(annotated, request.span) : annotated
  }
