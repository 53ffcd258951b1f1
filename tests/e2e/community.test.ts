import { afterAll, beforeAll, describe, it } from "vitest"
import { type AdminWorld, startAdminWorld } from "./admin/world"
import { rankingJourney } from "./community/ranking"
import { shelfJourney } from "./community/shelf"

/** The community in Chromium on the production build: one journey per slice, one server for all. */
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
  it(
    "ranking: a purchase's points marked 'Você', a username, a follow that persists",
    () => rankingJourney(world),
    90_000,
  )
})
