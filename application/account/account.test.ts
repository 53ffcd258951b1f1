import { Effect, Exit, Layer } from "effect"
import { describe, expect, it } from "vitest"
import { fixedClock } from "../../tests/fakes/inMemoryCatalog"
import { strictFake } from "../../tests/fakes/strict"
import { getAdminOverview } from "../admin/getAdminOverview"
import { AccountData, type AccountExport } from "../ports/AccountData"
import { AdminStats } from "../ports/AdminStats"
import { CurrentUser, type Viewer } from "../ports/CurrentUser"
import { exportMyData } from "./exportMyData"

const ana: Viewer = { id: "u1", email: "ana@example.com", name: "Ana", role: "user", emailVerified: true }
const exported: AccountExport = {
  profile: {
    id: "u1",
    name: "Ana",
    email: "ana@example.com",
    emailVerified: true,
    createdAt: "2026-11-01T00:00:00.000Z",
  },
  signInMethods: [],
  sessions: [],
  newsletter: null,
}
const asked: string[] = []
const accountData = Layer.succeed(
  AccountData,
  AccountData.of({
    exportFor: (id) =>
      Effect.sync(() => {
        asked.push(id)
        return id === "u1" ? exported : null
      }),
  }),
)
const stats = Layer.succeed(
  AdminStats,
  AdminStats.of({
    overview: () =>
      Effect.succeed({
        customers: 3,
        verifiedCustomers: 2,
        activeCollections: 7,
        characters: 84,
        newsletterSubscribers: 1,
      }),
  }),
)
const as = (viewer: Viewer | null) => Layer.succeed(CurrentUser, CurrentUser.of({ viewer }))

describe("exportMyData", () => {
  it("exports the signed-in customer's own data, and only theirs", async () => {
    const result = await Effect.runPromise(
      exportMyData().pipe(
        Effect.provide(Layer.mergeAll(accountData, fixedClock(Date.UTC(2026, 10, 21)), as(ana))),
      ),
    )
    expect(result).toMatchObject({
      exportedAt: "2026-11-21T00:00:00.000Z",
      profile: { email: "ana@example.com" },
    })
    expect(asked.at(-1)).toBe("u1")
  })

  it("refuses a visitor without reading anything", async () => {
    const none = Layer.succeed(AccountData, strictFake<AccountData["Service"]>("AccountData", {}))
    const exit = await Effect.runPromiseExit(
      exportMyData().pipe(Effect.provide(Layer.mergeAll(none, fixedClock(0), as(null)))),
    )
    expect(Exit.isFailure(exit) && JSON.stringify(exit.cause)).toContain("NotSignedIn")
  })
})

describe("getAdminOverview", () => {
  it.each([
    ["user", "Forbidden"],
    ["moderator", null],
    ["admin", null],
  ] as const)("for a %s", async (role, error) => {
    const exit = await Effect.runPromiseExit(
      getAdminOverview().pipe(Effect.provide(Layer.mergeAll(stats, as({ ...ana, role })))),
    )
    if (error) expect(Exit.isFailure(exit) && JSON.stringify(exit.cause)).toContain(error)
    else expect(Exit.isSuccess(exit) && exit.value.characters).toBe(84)
  })

  it("refuses a visitor", async () => {
    const exit = await Effect.runPromiseExit(
      getAdminOverview().pipe(Effect.provide(Layer.mergeAll(stats, as(null)))),
    )
    expect(Exit.isFailure(exit) && JSON.stringify(exit.cause)).toContain("NotSignedIn")
  })
})
