import { describe, it } from "vitest"
import { adminWorldForFile } from "./admin/world"
import { missionsJourney } from "./community/missions"
import { rankingJourney } from "./community/ranking"
import { shelfJourney } from "./community/shelf"
import { tradeJourney } from "./community/trades"

/**
 * The community in Chromium on the production build, one journey per part. They share one server:
 * each journey creates the accounts and purchases it needs, so their order does not matter.
 */
const world = adminWorldForFile()

describe("community", () => {
  it("shelf: a bought character on the shelf and in Minha Coleção, a hand item with a photo, favourites", () =>
    shelfJourney(world()))
  it(
    "ranking: a purchase's points marked 'Você', a username, a follow that persists",
    () => rankingJourney(world()),
    90_000,
  )
  it(
    "missions: the month's purchase mission completed and its reward redeemed once",
    () => missionsJourney(world()),
    90_000,
  )
  it(
    "trades: two collectors' pieces offered, accepted, confirmed by both, swapped",
    () => tradeJourney(world()),
    120_000,
  )
})
