import { type ChildProcess, spawn } from "node:child_process"
import { cpSync, existsSync, mkdtempSync, rmSync, statfsSync } from "node:fs"
import { createServer } from "node:net"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import pg from "pg"
import { inject } from "vitest"
import { allowRepeatPurchases } from "./repeatPurchases"
import { STORE_DAY, storeClockEnv } from "./storeClock"

const root = fileURLToPath(new URL("../..", import.meta.url))
export const SERVER_ENTRY = `${root}dist/server/main.js`

declare module "vitest" {
  export interface ProvidedContext {
    /** A data folder a server of this build has migrated and seeded, copied by each test server (serverTemplate.ts). */
    pgliteTemplate: string | null
  }
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer()
    s.once("error", reject)
    s.listen(0, "127.0.0.1", () => {
      const address = s.address()
      s.close(() => resolve(typeof address === "object" && address ? address.port : 0))
    })
  })
}

/** A test server's environment over the test servers' own: `undefined` takes a variable out. */
export type ServerEnv = Readonly<Record<string, string | undefined>>

export interface RunningServer {
  readonly url: string
  readonly process: ChildProcess
  readonly output: () => string
  stop(): Promise<void>
}

/** Room a memory-backed folder must have to hold the copies of a run (a seeded database is about 40 MB). */
const SHM_NEEDED_BYTES = 1024 ** 3

/** A folder for scratch data: memory-backed where the machine has one with room (a container's is often 64 MB). */
export function scratchDir(prefix: string): string {
  const shm = existsSync("/dev/shm") ? statfsSync("/dev/shm") : null
  const roomy = shm !== null && shm.bavail * shm.bsize >= SHM_NEEDED_BYTES
  return mkdtempSync(join(roomy ? "/dev/shm" : tmpdir(), prefix))
}

/**
 * Starts the production build (npm test builds it first) on a free port with the given environment. An
 * embedded database starts as a copy of the run's template (migrated and seeded once, by serverTemplate.ts)
 * instead of migrating and seeding in WebAssembly again: that took most of a server's start, 20 s and more on
 * a busy machine. A test that names its DATA_DIR or DATABASE_URL gets exactly that.
 */
export async function startServer(env: ServerEnv = {}): Promise<RunningServer> {
  const template = env.DATA_DIR || env.DATABASE_URL ? null : templateOfThisRun()
  const dataDir = template ? scratchDir("store-e2e-") : null
  if (template && dataDir) cpSync(template, dataDir, { recursive: true })
  const server = await spawnServer({ ...(dataDir ? { DATA_DIR: dataDir } : {}), ...env })
  // The template has it already; a PostgreSQL database was just seeded by this server.
  if (env.DATABASE_URL) await onPostgres(env.DATABASE_URL, allowRepeatPurchases)
  if (!dataDir) return server
  return {
    ...server,
    stop: async () => {
      await server.stop()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

async function onPostgres(
  url: string,
  use: (run: (text: string, params: unknown[]) => Promise<unknown>) => Promise<unknown>,
) {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    await use((text, params) => client.query(text, params))
  } finally {
    await client.end()
  }
}

function templateOfThisRun(): string | null {
  try {
    return inject("pgliteTemplate") ?? null
  } catch {
    return null // a project without the template's global setup
  }
}

/**
 * The built server's process on a free port of this machine, with `env` over the test servers' environment.
 * The store's clock starts at STORE_DAY unless `env` names another STORE_CLOCK_START.
 */
async function spawnBuilt(env: ServerEnv) {
  if (!existsSync(SERVER_ENTRY)) throw new Error("dist/server/main.js is missing: run `npm run build` first")
  const port = await freePort()
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: ":memory:",
      LOG_LEVEL: "warn",
      // The store lives the test's day, not the day the run happens on (a test may name its own instant).
      ...storeClockEnv(STORE_DAY),
      // PostgreSQL makes a production store (server/deployment.ts): a test store declares its sandboxes.
      ...(env.DATABASE_URL ? { PAYMENTS: "sandbox", MAIL: "sandbox" } : {}),
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  })
  return { child, port }
}

/**
 * Runs the built server until it exits by itself, as it must when it refuses to start; answers its exit code
 * and what it wrote on stderr. Throws with its output if it is still running after `timeoutMs`.
 */
export async function refusedStart(
  env: ServerEnv,
  timeoutMs = 30_000,
): Promise<{ readonly code: number | null; readonly stderr: string }> {
  const { child } = await spawnBuilt(env)
  let stdout = ""
  let stderr = ""
  child.stdout?.on("data", (d) => (stdout += d))
  child.stderr?.on("data", (d) => (stderr += d))
  let timedOut = false
  const timer = setTimeout(() => {
    timedOut = true
    child.kill("SIGKILL")
  }, timeoutMs)
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve))
  clearTimeout(timer)
  if (timedOut) throw new Error(`the server did not stop by itself in ${timeoutMs} ms:\n${stdout}${stderr}`)
  return { code, stderr }
}

/**
 * Spawns the server and waits until it answers /readyz; throws with its output if it exits or never does. The
 * store's clock starts at STORE_DAY unless `env` names another STORE_CLOCK_START.
 */
export async function spawnServer(env: ServerEnv = {}): Promise<RunningServer> {
  const { child, port } = await spawnBuilt(env)
  let output = ""
  child.stdout?.on("data", (d) => (output += d))
  child.stderr?.on("data", (d) => (output += d))
  const url = `http://127.0.0.1:${port}`
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve()
      child.once("exit", () => resolve())
      child.kill("SIGTERM")
    })
  const deadline = Date.now() + 120_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`)
    try {
      const res = await fetch(`${url}/readyz`)
      if (res.ok) break
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop()
      throw new Error(`server not ready after 120 s:\n${output}`)
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  return { url, process: child, output: () => output, stop }
}
