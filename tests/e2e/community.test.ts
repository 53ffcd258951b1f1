import { afterAll, beforeAll, describe, it } from "vitest"
import { type AdminWorld, startAdminWorld } from "./admin/world"
import { shelfJourney } from "./community/shelf"

/** The community in Chromium on the production build (issue 13): one server for every journey. */
let world: AdminWorld & { stop(): Promise<void> }

beforeAll(async () => {
  world = await startAdminWorld()
})
afterAll(async () => {
  await world?.stop()
})

describe("community", () => {
  it("shelf: a bought character on the shelf and in Minha Coleção, a hand item with a photo, favourites", () =>
    shelfJourney(world))
})
