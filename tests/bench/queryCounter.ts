import pg from "pg"

/**
 * Counts the statements every pg client of this process sends, by their text with parameters elided: where an
 * order's round trips go (`BENCH_QUERIES=1 npm run bench:orders`).
 */
export function countQueries() {
  const counts = new Map<string, number>()
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown }
  const original = proto.query
  proto.query = function (this: unknown, ...args: unknown[]) {
    const first = args[0] as string | { text?: string }
    const text = typeof first === "string" ? first : (first?.text ?? "?")
    const key = text.replace(/\s+/g, " ").trim().slice(0, 140)
    counts.set(key, (counts.get(key) ?? 0) + 1)
    return original.apply(this, args)
  }
  return {
    reset: () => counts.clear(),
    /** Statements per order, most frequent first. */
    report(orders: number) {
      const total = [...counts.values()].reduce((a, b) => a + b, 0)
      const per = (n: number) => (orders > 0 ? n / orders : 0).toFixed(2)
      console.log(`\n${total} statements, ${per(total)} per order (the event dispatcher's included)`)
      for (const [text, n] of [...counts].sort((a, b) => b[1] - a[1])) console.log(per(n).padStart(6), text)
    },
    stop: () => {
      proto.query = original
    },
  }
}
