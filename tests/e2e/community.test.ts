import { afterAll, beforeAll, describe, it } from "vitest"
import { type AdminWorld, startAdminWorld } from "./admin/world"
import { missionsJourney } from "./community/missions"
import { tradeJourney } from "./community/trades"

// The community journeys share one production server and browser (one start for all of them).
describe("community", () => {
  let world: AdminWorld & { stop(): Promise<void> }
  beforeAll(async () => {
    world = await startAdminWorld()
  }, 120_000)
  afterAll(() => world?.stop())

  it(
    "completes the month's purchase mission and redeems its reward once",
    () => missionsJourney(world),
    90_000,
  )
  it("trades two collectors' pieces: offer, accept, both confirm", () => tradeJourney(world), 120_000)
})
