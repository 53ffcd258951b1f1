// `npm start`: builds the app when no build exists (or it is older than the sources), then runs it.
import { spawnSync } from "node:child_process"
import { existsSync, readdirSync, statSync } from "node:fs"
import { join } from "node:path"
import { fileURLToPath } from "node:url"

const root = fileURLToPath(new URL("..", import.meta.url))
const built = join(root, "dist/server/main.js")

function newestSource(dir) {
  let newest = 0
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name.startsWith(".")) continue
    const path = join(dir, entry.name)
    newest = Math.max(newest, entry.isDirectory() ? newestSource(path) : statSync(path).mtimeMs)
  }
  return newest
}

const sources = ["web", "server", "application", "domain", "adapters", "migrations"].map((d) => join(root, d))
const stale = !existsSync(built) || sources.some((d) => newestSource(d) > statSync(built).mtimeMs)
if (stale) {
  console.log("Construindo a loja (primeira execução ou código alterado)...")
  const result = spawnSync("npm", ["run", "build"], {
    cwd: root,
    stdio: "inherit",
    shell: process.platform === "win32",
  })
  if (result.status !== 0) process.exit(result.status ?? 1)
}
process.env.NODE_ENV ??= "production"
await import(built)
