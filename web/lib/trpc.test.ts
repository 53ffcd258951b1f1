import { QueryClient } from "@tanstack/react-query"
import { createTRPCClient, TRPCClientError, type TRPCLink } from "@trpc/client"
import { createTRPCQueryUtils } from "@trpc/react-query"
import { observable } from "@trpc/server/observable"
import { describe, expect, it, vi } from "vitest"
import { type AppRouter, createQueryUtils, isTrpcError, lazyClient } from "./trpc"

/** A link that answers every call with `{ path, input }`, counting the calls. */
function echoLink(calls: string[]): TRPCLink<AppRouter> {
  return () =>
    ({ op }) =>
      observable((observer) => {
        calls.push(op.path)
        observer.next({ result: { type: "data", data: { path: op.path, input: op.input } } })
        observer.complete()
        return () => {}
      })
}

describe("query helpers on the tRPC client", () => {
  it("make the query keys @trpc/react-query makes, so both share one cache", () => {
    const queryClient = new QueryClient()
    const client = createTRPCClient<AppRouter>({ links: [echoLink([])] })
    const ours = createQueryUtils(queryClient, client)
    const theirs = createTRPCQueryUtils<AppRouter>({ queryClient, client })
    expect(ours.store.settings.queryOptions().queryKey).toEqual(theirs.store.settings.queryOptions().queryKey)
    expect(ours.catalog.collection.queryOptions({ id: "x" }).queryKey).toEqual(
      theirs.catalog.collection.queryOptions({ id: "x" }).queryKey,
    )
    expect(ours.admin.events.parked.queryOptions({ limit: 5 }).queryKey).toEqual(
      theirs.admin.events.parked.queryOptions({ limit: 5 }).queryKey,
    )
    expect(ours.catalog.collection.queryKey({ id: "x" })).toEqual([
      ["catalog", "collection"],
      { input: { id: "x" }, type: "query" },
    ])
  })

  it("fetch through the client once, then read the cache", async () => {
    const calls: string[] = []
    const queryClient = new QueryClient()
    const utils = createQueryUtils(queryClient, createTRPCClient<AppRouter>({ links: [echoLink(calls)] }))
    const first = await utils.catalog.collection.ensureData({ id: "lendas" })
    const again = await utils.catalog.collection.ensureData({ id: "lendas" })
    expect(first).toEqual({ path: "catalog.collection", input: { id: "lendas" } })
    expect(again).toBe(first)
    expect(calls).toEqual(["catalog.collection"])
    await utils.catalog.collection.fetch({ id: "lendas" })
    expect(calls).toHaveLength(2)
    await utils.catalog.home.prefetch()
    expect(calls).toEqual(["catalog.collection", "catalog.collection", "catalog.home"])
  })
})

describe("lazy client", () => {
  it("loads the real client on the first call only, and every call goes through it", async () => {
    const calls: string[] = []
    const load = vi.fn(async () => createTRPCClient<AppRouter>({ links: [echoLink(calls)] }))
    const client = lazyClient(load)
    expect(load).not.toHaveBeenCalled()
    const [a, b] = await Promise.all([
      client.catalog.collection.query({ id: "a" }),
      client.catalog.home.query(),
    ])
    expect(a).toEqual({ path: "catalog.collection", input: { id: "a" } })
    expect(b).toEqual({ path: "catalog.home", input: undefined })
    await client.cart.clear.mutate()
    expect(load).toHaveBeenCalledTimes(1)
    expect(calls).toEqual(["catalog.collection", "catalog.home", "cart.clear"])
  })

  it("is not mistaken for a promise", async () => {
    const client = lazyClient(async () => createTRPCClient<AppRouter>({ links: [echoLink([])] }))
    expect(await Promise.resolve(client)).toBe(client)
  })

  it("fails the call, and tries again next time, when the client cannot load", async () => {
    const load = vi
      .fn<() => Promise<ReturnType<typeof createTRPCClient<AppRouter>>>>()
      .mockRejectedValueOnce(new Error("offline"))
      .mockResolvedValue(createTRPCClient<AppRouter>({ links: [echoLink([])] }))
    const client = lazyClient(load)
    await expect(client.catalog.home.query()).rejects.toThrow("offline")
    await expect(client.catalog.home.query()).resolves.toEqual({ path: "catalog.home", input: undefined })
  })
})

describe("tRPC errors", () => {
  it("are told apart by name, without the client's code", async () => {
    const failing: TRPCLink<AppRouter> = () => () =>
      observable((observer) => {
        observer.error(TRPCClientError.from(new Error("Coleção não encontrada")))
        return () => {}
      })
    const error = await createTRPCClient<AppRouter>({ links: [failing] })
      .catalog.home.query()
      .catch((e: unknown) => e)
    expect(isTrpcError(error)).toBe(true)
    expect(isTrpcError(new Error("x"))).toBe(false)
  })
})
