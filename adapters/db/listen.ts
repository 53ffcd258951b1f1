import pg from "pg"

export const CHANNEL = /^[a-z_][a-z0-9_]*$/
/** A half-open connection (a NAT that forgot it) delivers nothing and reports no error: probe it. */
const HEALTH_CHECK_MS = 30_000
const RECONNECT_MS = 1_000

/**
 * LISTEN needs a session of its own, outside the pool. A dropped or silent connection is replaced after a
 * pause, and `onNotify` is called then too, since notifications sent meanwhile were lost.
 */
export async function listenOnPostgres(
  url: string,
  channel: string,
  onNotify: () => void,
  onError?: (error: Error) => void,
): Promise<() => Promise<void>> {
  if (!CHANNEL.test(channel)) throw new Error(`Invalid channel name: ${channel}`)
  let stopped = false
  let client: pg.Client | null = null
  let retry: NodeJS.Timeout | undefined

  const drop = (dead: pg.Client, error: Error) => {
    onError?.(error)
    if (client !== dead) return
    client = null
    void dead.end().catch(() => undefined)
    if (!stopped) retry = setTimeout(() => void reconnect(), RECONNECT_MS)
  }
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url, keepAlive: true })
    next.on("notification", (message) => {
      if (message.channel === channel) onNotify()
    })
    next.on("error", (error) => drop(next, error))
    try {
      await next.connect()
      await next.query(`listen ${channel}`)
    } catch (error) {
      await next.end().catch(() => undefined)
      throw error
    }
    if (stopped) return void (await next.end().catch(() => undefined))
    client = next
  }
  const reconnect = async () => {
    try {
      await connect()
      onNotify()
    } catch (error) {
      onError?.(error as Error)
      if (!stopped) retry = setTimeout(() => void reconnect(), RECONNECT_MS)
    }
  }
  const health = setInterval(() => {
    const current = client
    current?.query("select 1").catch((error: Error) => drop(current, error))
  }, HEALTH_CHECK_MS)
  health.unref()

  try {
    await connect()
  } catch (error) {
    clearInterval(health)
    throw error
  }
  return async () => {
    stopped = true
    clearTimeout(retry)
    clearInterval(health)
    await client?.end().catch(() => undefined)
    client = null
  }
}
