import { Effect } from "effect"
import type { EventHandler } from "../events/EventHandler"
import { PersonalData } from "../ports/PersonalData"

/** Once an account is deleted, the traces of it that the event backbone kept go too. */
export const forgetDeletedAccountHandler: EventHandler<PersonalData> = {
  name: "privacy.forgetAccount",
  on: ["AccountDeleted"],
  mode: "transactional",
  handle: (event) =>
    event.type === "AccountDeleted"
      ? PersonalData.use((data) => data.forget(event.payload.userId))
      : Effect.void,
}
