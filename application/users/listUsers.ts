import { Effect } from "effect"
import { requireStaff } from "../admin"
import { StaffLists } from "../ports/StaffLists"
import { UserAccounts, type UserListQuery } from "../ports/UserAccounts"
import { userView } from "./userView"

/** The users screen (manage_users): a page of accounts with their resolved role, searched and sorted by SQL. */
export const listUsers = Effect.fn("Users.listUsers")(function* (query: UserListQuery) {
  yield* requireStaff("manage_users")
  const lists = yield* (yield* StaffLists).get()
  const { rows, total } = yield* (yield* UserAccounts).list(query)
  return { rows: rows.map((row) => userView(row, lists)), total }
})
