import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterEach, describe, expect, it } from "vitest"
import { connectDatabase } from "./connect"

const dirs: string[] = []
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), "store-lock-"))
  dirs.push(dir)
  return dir
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

describe("embedded database folder", () => {
  it("refuses a second process on the same folder, and frees it on close", async () => {
    const dataDir = tempDir()
    writeFileSync(join(dataDir, "store.lock"), String(process.ppid))
    expect(() => connectDatabase({ kind: "pglite", dataDir })).toThrow(/já está em uso pelo processo/)
    rmSync(join(dataDir, "store.lock"))
    const first = connectDatabase({ kind: "pglite", dataDir })
    await first.close()
    const again = connectDatabase({ kind: "pglite", dataDir })
    await again.close()
  })

  it("takes over a lock left by a process that no longer runs", async () => {
    const dataDir = tempDir()
    writeFileSync(join(dataDir, "store.lock"), "999999999")
    const handle = connectDatabase({ kind: "pglite", dataDir })
    await handle.close()
  })
})
