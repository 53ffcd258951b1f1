import { type ChildProcess, spawn } from "node:child_process"
import { existsSync } from "node:fs"
import { createServer } from "node:net"
import { fileURLToPath } from "node:url"

const root = fileURLToPath(new URL("../..", import.meta.url))
export const SERVER_ENTRY = `${root}dist/server/main.js`

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

export interface RunningServer {
  readonly url: string
  readonly process: ChildProcess
  readonly output: () => string
  stop(): Promise<void>
}

/** Starts the production build (npm test builds it first) on a free port with the given environment. */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  if (!existsSync(SERVER_ENTRY)) throw new Error("dist/server/main.js is missing: run `npm run build` first")
  const port = await freePort()
  let output = ""
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: ":memory:",
      LOG_LEVEL: "warn",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  })
  child.stdout?.on("data", (d) => (output += d))
  child.stderr?.on("data", (d) => (output += d))
  const url = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 60_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`)
    try {
      const res = await fetch(`${url}/readyz`)
      if (res.ok) break
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200))
  }
  return {
    url,
    process: child,
    output: () => output,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve()
        child.once("exit", () => resolve())
        child.kill("SIGTERM")
      }),
  }
}
