import { rmSync } from "node:fs"
import { join } from "node:path"
import { PGlite } from "@electric-sql/pglite"
import type { TestProject } from "vitest/node"
import { allowRepeatPurchases } from "./repeatPurchases"
import { scratchDir, spawnServer } from "./server"

/**
 * Global setup of the projects that start production servers: one server of this build migrates and seeds an
 * embedded database in a folder, then stops; each test server starts from a copy (startServer). Made per run,
 * not kept between runs. The demo catalogue is seeded relative to the store's clock, STORE_DAY (spawnServer).
 */
export default async function setup(project: TestProject) {
  const parent = scratchDir("store-template-")
  const dataDir = join(parent, "data")
  // As a test server: no demo accounts nor demo collectors, who would count in the figures the administration
  // journeys check; a server started as a newcomer's store (layout, catalogue) seeds them itself on its start.
  const server = await spawnServer({ DATA_DIR: dataDir, NODE_ENV: "test", SEED_DEMO_USERS: "false" })
  await server.stop()
  if (server.process.exitCode !== 0)
    throw new Error(`template server did not stop cleanly:\n${server.output()}`)
  rmSync(join(dataDir, "store.lock"), { force: true })
  const client = new PGlite({ dataDir })
  await allowRepeatPurchases((text, params) => client.query(text, params))
  await client.close()
  project.provide("pgliteTemplate", dataDir)
  return () => rmSync(parent, { recursive: true, force: true })
}
