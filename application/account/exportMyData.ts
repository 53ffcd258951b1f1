import { Effect } from "effect"
import { NotSignedIn } from "../errors"
import { AccountData } from "../ports/AccountData"
import { Clock } from "../ports/Clock"
import { CurrentUser } from "../ports/CurrentUser"

/** LGPD art. 18 portability: the signed-in customer's own data as a JSON document; nobody else's. */
export const exportMyData = Effect.fn("Account.exportMyData")(function* () {
  const { viewer } = yield* CurrentUser
  if (!viewer) return yield* new NotSignedIn()
  const data = yield* (yield* AccountData).exportFor(viewer.id)
  if (!data) return yield* new NotSignedIn()
  const now = yield* (yield* Clock).now()
  return { exportedAt: new Date(now).toISOString(), store: "Legendarium", ...data }
})
