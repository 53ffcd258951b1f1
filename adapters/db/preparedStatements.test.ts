import type pg from "pg"
import { describe, expect, it } from "vitest"
import { preparingClient } from "./preparedStatements"

function fakeClient() {
  const calls: unknown[][] = []
  const client = {
    query: (...args: unknown[]) => {
      calls.push(args)
      return Promise.resolve({ rows: [] })
    },
    release: () => {},
  } as unknown as pg.PoolClient
  return { client, calls }
}

describe("preparingClient", () => {
  it("names each parameterised statement by its text; leaves BEGIN, `*` and bulk statements unnamed", async () => {
    const { client, calls } = fakeClient()
    const prepared = preparingClient(client)
    expect(preparingClient(client)).toBe(prepared)
    await prepared.query("select id from orders where id = $1", ["a"])
    await prepared.query("select id from orders where id = $1", ["b"])
    await prepared.query("select id from orders where user_id = $1", ["u"])
    await prepared.query("begin", [])
    await prepared.query("select * from orders where id = $1", ["a"])
    const many = Array.from({ length: 40 }, (_, i) => i)
    await prepared.query(`insert into t values (${many.map((i) => `$${i + 1}`).join(", ")})`, many)
    const [first, second, other, begin, star, bulk] = calls.map((c) => c[0])
    expect(first).toMatchObject({ name: expect.stringMatching(/^s/), values: ["a"] })
    expect((second as { name: string }).name).toBe((first as { name: string }).name)
    expect((other as { name: string }).name).not.toBe((first as { name: string }).name)
    expect(begin).toBe("begin")
    // A migration could change what `*` stands for under a prepared statement.
    expect(star).toBe("select * from orders where id = $1")
    expect(typeof bulk).toBe("string")
    expect(prepared.release).toBe(client.release)
  })
})
