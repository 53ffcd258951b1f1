import { Effect } from "effect"
import { SupportDesk } from "../ports/SupportDesk"
import { requireCustomer, verifiedEmail } from "./access"

/** /perfil?tab=support: the customer's tickets, by account or proven for their verified e-mail. */
export const listMyTickets = Effect.fn("Support.listMyTickets")(function* () {
  const viewer = yield* requireCustomer
  const rows = yield* (yield* SupportDesk).mine({ userId: viewer.id, email: verifiedEmail(viewer) })
  return rows.map(({ assignedTo: _a, assigneeName: _n, ...ticket }) => ticket)
})
