import type { DataTag, QueryClient, QueryFunction, QueryKey } from "@tanstack/react-query"
import type { TRPCClient, TRPCClientError } from "@trpc/client"
import type { inferRouterOutputs } from "@trpc/server"
import type { AppRouter } from "../../server/trpc/appRouter"

export type { AppRouter }
export type RouterOutputs = inferRouterOutputs<AppRouter>
export type TrpcClient = TRPCClient<AppRouter>
type Client = TrpcClient

/** tRPC's client error, told apart by name: `instanceof` would need the client's code in every page. */
export const isTrpcError = (error: unknown): error is TRPCClientError<AppRouter> =>
  error instanceof Error && error.name === "TRPCClientError"

/**
 * What a page needs of a query procedure: TanStack Query options (for `useQuery`/`useSuspenseQuery`), and
 * the loader's `ensureData`/`fetch`/`prefetch`. Keys have @trpc/react-query's shape, `[["catalog", "collection"],
 * { input, type: "query" }]` (web/lib/trpc.test.ts holds them equal), so the cache the server dehydrates
 * is the one the browser reads, and tRPC's own hooks, where a later screen uses them, share it.
 */
export interface QueryProcedureUtils<Input, Output> {
  queryKey(input: Input): QueryKey
  queryOptions(input: Input): TrpcQueryOptions<Output>
  ensureData(input: Input): Promise<Output>
  fetch(input: Input): Promise<Output>
  /** Fetches into the cache unless fresh there; never throws (a failure stays in the query's state). */
  prefetch(input: Input): Promise<void>
}

export interface TrpcQueryOptions<Output> {
  readonly queryKey: DataTag<QueryKey, Output, TRPCClientError<AppRouter>>
  readonly queryFn: QueryFunction<Output, QueryKey>
}

type AnyFn = (...args: never[]) => unknown

// Mutations and subscriptions are left out by their calls, not their names: a router may be called
// "subscriptions" and hold a procedure "subscribe" (an object, where a subscription's `subscribe` is a function).
type QueryUtils<T> = {
  [K in keyof T as T[K] extends { mutate: AnyFn } | { subscribe: AnyFn } ? never : K]: T[K] extends {
    query: (input: infer Input, ...rest: never[]) => Promise<infer Output>
  }
    ? QueryProcedureUtils<Input, Output>
    : QueryUtils<T[K]>
}

export type TrpcQueryUtils = QueryUtils<Client>

export const trpcQueryKey = (path: readonly string[], input: unknown): QueryKey => [
  [...path],
  input === undefined ? { type: "query" } : { input, type: "query" },
]

/**
 * Query helpers built on the plain tRPC client. They replace @trpc/react-query's `createTRPCQueryUtils` in the
 * web app: the same four calls, without the library's hooks, infinite queries and proxies in every page's
 * initial JavaScript (measured in tests/bench: its share of the entry chunk was ~2.3 KB gzip).
 */
export function createQueryUtils(queryClient: QueryClient, client: Client): TrpcQueryUtils {
  const call = (path: readonly string[], input: unknown) =>
    (
      path.reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], client) as {
        query: (input: unknown) => Promise<unknown>
      }
    ).query(input)
  const helpers = (path: readonly string[]) => {
    const options = (input: unknown) =>
      ({
        // The tag is a type only: it lets `setQueryData(key, …)` and `useQuery` know the data's type.
        queryKey: trpcQueryKey(path, input) as TrpcQueryOptions<unknown>["queryKey"],
        queryFn: () => call(path, input),
      }) satisfies TrpcQueryOptions<unknown>
    return {
      queryKey: (input: unknown) => trpcQueryKey(path, input),
      queryOptions: options,
      ensureData: (input: unknown) => queryClient.ensureQueryData(options(input)),
      fetch: (input: unknown) => queryClient.fetchQuery(options(input)),
      prefetch: (input: unknown) => queryClient.prefetchQuery(options(input)),
    }
  }
  const node = (path: readonly string[]): unknown =>
    new Proxy(
      {},
      {
        get: (_, key) => {
          if (typeof key !== "string") return undefined
          if (path.length > 0 && key in HELPER_NAMES) return helpers(path)[key as keyof typeof HELPER_NAMES]
          return node([...path, key])
        },
      },
    )
  return node([]) as TrpcQueryUtils
}

const HELPER_NAMES = { queryKey: 1, queryOptions: 1, ensureData: 1, fetch: 1, prefetch: 1 } as const

/**
 * A client whose code (tRPC's proxy, HTTP batching, superjson) loads on the first call: a page that only
 * shows what the server rendered never downloads it. Calls made meanwhile wait for it; a failed load fails
 * those calls and is tried again by the next one.
 */
export function lazyClient(load: () => Promise<Client>): Client {
  let loading: Promise<Client> | null = null
  const client = () => {
    loading ??= load().catch((error: unknown) => {
      loading = null
      throw error
    })
    return loading
  }
  const node = (path: readonly string[]): unknown =>
    new Proxy(() => {}, {
      // "then": the proxy must not look like a promise to `await` and Promise.resolve.
      get: (_, key) => (typeof key === "string" && key !== "then" ? node([...path, key]) : undefined),
      apply: async (_, __, args: unknown[]) => {
        const target = path
          .slice(0, -1)
          .reduce<unknown>((n, key) => (n as Record<string, unknown>)[key], await client()) as Record<
          string,
          (...a: unknown[]) => unknown
        >
        return target[path.at(-1) as string]?.(...args)
      },
    })
  return node([]) as Client
}
