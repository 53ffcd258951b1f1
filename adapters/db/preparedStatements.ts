import { createHash } from "node:crypto"
import type pg from "pg"

/** Statements with more parameters (bulk inserts, long IN lists) vary too much to be worth keeping. */
const MAX_PARAMETERS = 32
/** Per connection: the app has a few hundred statement shapes; past this, statements go unnamed. */
const MAX_PER_CONNECTION = 1_000

const wrappers = new WeakMap<pg.PoolClient, pg.PoolClient>()

/** Names by text, for all connections: looking a text up costs less than digesting it on every execution. */
const names = new Map<string, string>()
const nameOf = (text: string) => {
  let name = names.get(text)
  if (name === undefined) {
    name = `s${createHash("sha1").update(text).digest("base64url")}`
    if (names.size < MAX_PER_CONNECTION) names.set(text, name)
  }
  return name
}

/**
 * Runs the app's parameterised statements as named prepared statements of the connection: PostgreSQL then
 * parses and plans each statement shape once per connection instead of on every execution (a good part of
 * the work of the short statements an order is made of). The name is a digest of the text, so one name is
 * always one text. Left unnamed: statements without parameters (BEGIN, COMMIT, DDL), and any with a `*`,
 * whose result columns a migration can change under a running instance (PostgreSQL then refuses to run the
 * prepared statement: "cached plan must not change result type").
 */
export function preparingClient(client: pg.PoolClient): pg.PoolClient {
  const known = wrappers.get(client)
  if (known) return known
  const query = client.query.bind(client) as (...args: unknown[]) => unknown
  const prepared = new Set<string>()
  const run = (text: unknown, values?: unknown) => {
    if (
      typeof text !== "string" ||
      !Array.isArray(values) ||
      values.length === 0 ||
      values.length > MAX_PARAMETERS ||
      text.includes("*")
    )
      return query(text, values)
    const name = nameOf(text)
    if (!prepared.has(name)) {
      if (prepared.size >= MAX_PER_CONNECTION) return query(text, values)
      prepared.add(name)
    }
    return query({ name, text, values })
  }
  // The pool's client stays the prototype: `release` and everything else are its own.
  const wrapper = Object.assign(Object.create(client), { query: run }) as pg.PoolClient
  wrappers.set(client, wrapper)
  return wrapper
}
