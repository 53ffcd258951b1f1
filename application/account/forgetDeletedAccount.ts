import { Effect } from "effect"
import type { EventHandler } from "../events"
import type { Clock } from "../ports/Clock"
import type { EventOutbox } from "../ports/EventOutbox"
import { PersonalData } from "../ports/PersonalData"
import type { StoreSettings } from "../ports/StoreSettings"
import { Waitlists } from "../ports/Waitlists"
import { leaveLine } from "../waitlist"

const LIVE = new Set(["waiting", "offered"])

/**
 * Once an account is deleted, the traces of it that the event backbone kept go too. Its places in line end
 * first, as 'Sair da lista' would end them: a unit held for the person goes to the next collector in line.
 */
export const forgetDeletedAccountHandler: EventHandler<
  PersonalData | Waitlists | Clock | StoreSettings | EventOutbox
> = {
  name: "privacy.forgetAccount",
  on: ["AccountDeleted"],
  mode: "transactional",
  handle: (event) =>
    Effect.gen(function* () {
      if (event.type !== "AccountDeleted") return
      const { userId } = event.payload
      const lines = yield* (yield* Waitlists).mine(userId)
      for (const line of lines.filter((l) => LIVE.has(l.status))) yield* leaveLine(userId, line.productId)
      yield* (yield* PersonalData).forget(userId)
    }),
}
