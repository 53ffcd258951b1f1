import { chromium } from "playwright"
import type { TestProject } from "vitest/node"
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "./browser"

declare module "vitest" {
  export interface ProvidedContext {
    /** The websocket of the run's one Chromium, which every e2e file connects to (launchBrowser). */
    browserEndpoint: string | null
  }
}

/**
 * Global setup of the e2e project: one Chromium for the whole run. Starting and stopping one per file cost
 * 3 to 5 s each on this 2-core machine; a file's contexts stay isolated (each test opens its own), and
 * closing a connected browser only closes that file's contexts.
 */
export default async function setup(project: TestProject) {
  const server = await chromium.launchServer({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_FLAGS,
  })
  project.provide("browserEndpoint", server.wsEndpoint())
  return () => server.close()
}
