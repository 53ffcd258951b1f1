import { afterAll, beforeAll, describe, it } from "vitest"
import { dashboardJourney } from "./admin/dashboard"
import { usersJourney } from "./admin/users"
import { type AdminWorld, startAdminWorld } from "./admin/world"

/**
 * The administration area in Chromium on the production build, one journey per area (issue 12). They share one
 * server: each journey creates what it needs under its own names, so their order does not matter.
 */
let world: AdminWorld & { stop(): Promise<void> }

beforeAll(async () => {
  world = await startAdminWorld()
})
afterAll(async () => {
  await world?.stop()
})

describe("administration", () => {
  it("dashboard on real figures, the sidebar by role, the change log", () => dashboardJourney(world))
  it("users: a promotion holds at once, a block refuses sign-in; settings show on the store; moderators refused", () =>
    usersJourney(world))
})
