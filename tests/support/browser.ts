import { existsSync } from "node:fs"
import { mkdtemp, readFile, rm } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { type Browser, chromium, type Download } from "playwright"
import { inject } from "vitest"

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium"

/** Flags this machine's closed network needs (no background calls home, no QUIC). */
export const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
]

/**
 * The run's shared Chromium when the e2e project started one (browserServer.ts), else Debian's Chromium
 * started with the flags this machine's closed network needs.
 */
export async function launchBrowser(): Promise<Browser> {
  const endpoint = sharedEndpoint()
  if (endpoint) return chromium.connect(endpoint)
  if (!existsSync(CHROMIUM_PATH))
    throw new Error(`Chromium not found at ${CHROMIUM_PATH} (apt-get install -y chromium)`)
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_FLAGS,
  })
}

function sharedEndpoint(): string | null {
  try {
    return inject("browserEndpoint") ?? null
  } catch {
    return null // a script or a project without the browser's global setup
  }
}

/** A download's text: saved through the browser's connection (a shared browser has no local path to read). */
export async function downloadedText(download: Download): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "download-"))
  try {
    const file = join(dir, download.suggestedFilename() || "download")
    await download.saveAs(file)
    return await readFile(file, "utf8")
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}
