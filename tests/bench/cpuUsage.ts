import { readdirSync, readFileSync } from "node:fs"

/** Linux's clock tick for /proc times (USER_HZ, 100 on every common build). */
const TICKS_PER_SECOND = 100

/** CPU milliseconds used so far by each PostgreSQL backend serving `database` (its process title names it). */
function backendsCpu(database: string): Map<string, number> {
  const out = new Map<string, number>()
  let pids: string[] = []
  try {
    pids = readdirSync("/proc").filter((p) => /^\d+$/.test(p))
  } catch {
    return out
  }
  for (const pid of pids) {
    try {
      const title = readFileSync(`/proc/${pid}/cmdline`, "utf8")
      if (!title.startsWith("postgres: ") || !title.includes(` ${database} `)) continue
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8")
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ")
      out.set(pid, ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND)
    } catch {
      // The process ended meanwhile.
    }
  }
  return out
}

/**
 * CPU spent from now on by this process and by the PostgreSQL backends of `database` (when the server runs on
 * this machine): on two shared cores, what an order costs in CPU says more than a rate another job can halve.
 */
export function cpuMeter(database: string) {
  const node = process.cpuUsage()
  const before = backendsCpu(database)
  return () => {
    const used = process.cpuUsage(node)
    let postgres = 0
    for (const [pid, ms] of backendsCpu(database)) postgres += ms - (before.get(pid) ?? 0)
    return { nodeMs: (used.user + used.system) / 1000, postgresMs: postgres }
  }
}
