import { existsSync } from "node:fs"
import { type Browser, chromium } from "playwright"
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
