import { Effect } from "effect"
import type { RecordedEvent } from "../../domain/events"
import type { EventHandler } from "../events"
import { CharacterReveals } from "../ports/CharacterReveals"
import { Clock } from "../ports/Clock"
import { UnitOfWork } from "../ports/UnitOfWork"
import { refreshCollector } from "./refreshCollector"

/**
 * Achievements that count a character's rarity ('Lendário') unlock for its holders at its reveal, not at their
 * next purchase. External: each holder's refresh is its own unit of work (a refresh is idempotent, so a
 * redelivery changes nothing), and one collector's never holds up the others'.
 */
export const revealAchievementsHandler: EventHandler<
  CharacterReveals | UnitOfWork | Clock | Effect.Services<ReturnType<typeof refreshCollector>>
> = {
  name: "community.revealAchievements",
  on: ["CharacterRevealed"],
  mode: "external",
  handle: (event: RecordedEvent) =>
    Effect.gen(function* () {
      if (event.type !== "CharacterRevealed") return
      // Never as of a moment before the reveal: an instance's clock may lag the one that announced it.
      const now = Math.max(yield* (yield* Clock).now(), event.payload.revealAt)
      for (const userId of yield* (yield* CharacterReveals).holders(event.payload.productId))
        yield* (yield* UnitOfWork).atomically(refreshCollector(userId, now))
    }),
}
