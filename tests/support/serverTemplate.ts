import { rmSync } from "node:fs"
import { join } from "node:path"
import { PGlite } from "@electric-sql/pglite"
import type { TestProject } from "vitest/node"
import { EDITION_LIMIT_MAX } from "../../domain/conventions/editionLimit"
import { scratchDir, spawnServer } from "./server"

/**
 * Global setup of the projects that start production servers: one server of this build migrates and seeds an
 * embedded database in a folder, then stops; each test server starts from a copy (startServer). Made per run,
 * not kept between runs: the demo catalogue is seeded relative to today.
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

/**
 * A suite's journeys buy this month's numbered editions again and again with one customer; the demo's one unit
 * per collector (checked by the seed's and the limits' own tests) would refuse the second journey. The editions
 * keep a limit, the largest, so the product page still says it. `run` is the database's query.
 */
export const allowRepeatPurchases = (run: (text: string, params: unknown[]) => Promise<unknown>) =>
  run("update collection_products set collector_limit = $1 where collector_limit is not null", [
    EDITION_LIMIT_MAX,
  ])
