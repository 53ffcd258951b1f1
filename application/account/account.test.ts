import { Effect, Exit, Layer } from "effect"
import { describe, expect, it } from "vitest"
import { fixedClock } from "../../tests/fakes/inMemoryCatalog"
import { strictFake } from "../../tests/fakes/strict"
import { getAdminOverview } from "../admin/getAdminOverview"
import { AccountData, type AccountExport } from "../ports/AccountData"
import { AdminStats } from "../ports/AdminStats"
import { ClientAddress } from "../ports/ClientAddress"
import { Credentials } from "../ports/Credentials"
import { CurrentUser, type Viewer } from "../ports/CurrentUser"
import { Entitlements } from "../ports/Entitlements"
import { exportMyData } from "./exportMyData"
import { listSubscribedCollections } from "./listSubscribedCollections"

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
  details: { phone: "11987654321", cpf: "12345678909" },
  addresses: [
    {
      name: "Ana",
      street: "Avenida Paulista",
      number: "1000",
      complement: "",
      neighborhood: "Bela Vista",
      city: "São Paulo",
      state: "SP",
      zipCode: "01310100",
      country: "BR",
      isDefault: true,
      createdAt: "2026-11-02T00:00:00.000Z",
    },
  ],
  orders: [],
  supportTickets: [],
  notifications: [],
  notificationPreferences: [],
  waitlists: [],
  subscriptions: [],
  collectionAccess: [],
  planMonths: [],
  planSettings: [],
  cart: [],
  cartCoupon: null,
  couponUses: [],
  community: {
    publicProfile: null,
    pieces: [],
    shelfItems: [],
    favourites: [],
    pointsAndCoins: { totals: null, entries: [] },
    achievements: [],
    missions: [],
    follows: { following: [], followers: 0 },
    trades: [],
  },
}
const asked: string[] = []
const accountData = Layer.succeed(
  AccountData,
  strictFake<AccountData["Service"]>("AccountData", {
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
    overview: (window) =>
      Effect.succeed({
        // The window the use case asked for, so a test can read it back.
        revenueThisMonth: window.monthStart,
        paidOrdersThisMonth: 0,
        ordersAwaitingAction: 0,
        activeSubscribers: 0,
        newCustomersThisMonth: window.now,
        customers: 3,
        verifiedCustomers: 2,
        activeCollections: 7,
        characters: 84,
        newsletterSubscribers: 1,
      }),
  }),
)
const as = (viewer: Viewer | null) => Layer.succeed(CurrentUser, CurrentUser.of({ viewer }))

/** Ana's password is "Certa123"; wrong ones are counted, and the count blocks at 3. */
function credentials() {
  const wrong: string[] = []
  const layer = Layer.succeed(
    Credentials,
    Credentials.of({
      verifyPassword: (_user, password) => Effect.succeed(password === "Certa123"),
      isThrottled: () => Effect.sync(() => wrong.length >= 3),
      recordWrongPassword: (email, address) => Effect.sync(() => void wrong.push(`${email}@${address}`)),
    }),
  )
  return { wrong, layer }
}

describe("exportMyData", () => {
  it("exports the signed-in customer's own data, and only theirs", async () => {
    const result = await Effect.runPromise(
      exportMyData("Certa123").pipe(
        Effect.provide(
          Layer.mergeAll(accountData, fixedClock(Date.UTC(2026, 10, 21)), as(ana), credentials().layer),
        ),
      ),
    )
    expect(result).toMatchObject({
      exportedAt: "2026-11-21T00:00:00.000Z",
      profile: { email: "ana@example.com" },
      details: { cpf: "12345678909" },
      addresses: [{ zipCode: "01310100", isDefault: true }],
      orders: [],
    })
    expect(asked.at(-1)).toBe("u1")
  })

  it("names every character the customer holds, wants or traded as the customer sees it at that instant", async () => {
    const reveal = {
      revealAt: Date.UTC(2026, 11, 1),
      edition: { year: 2026, month: 12 },
      mysteryImageUrl: "/m.svg",
    }
    const hidden = { character: "Dragão Secreto", collection: "Lendas", reveal }
    const shown = { character: "Fênix", collection: "Lendas", reveal: { ...reveal, revealAt: 0 } }
    const withPieces: AccountExport = {
      ...exported,
      waitlists: [
        { ...hidden, status: "waiting", joinedAt: "2026-11-02T00:00:00.000Z", offerExpiresAt: null },
      ],
      planMonths: [
        { collection: "Lendas", month: "2026-12", kind: "prepaid", paidAt: null, heldCharacter: hidden },
      ],
      cart: [{ ...shown, quantity: 1, addedAt: "2026-11-02T00:00:00.000Z" }],
      community: {
        ...exported.community,
        pieces: [
          {
            ...hidden,
            source: "subscription",
            unit: 3,
            price: 0,
            condition: "mint",
            notes: "",
            forTrade: false,
            acquiredAt: "2026-11-02T00:00:00.000Z",
            revokedAt: null,
          },
        ],
        favourites: [{ ...hidden, addedAt: "2026-11-02T00:00:00.000Z" }],
        trades: [
          {
            direction: "recebida",
            otherCollector: "bia",
            status: "pending",
            message: null,
            yourPiece: shown,
            theirPiece: hidden,
            createdAt: "2026-11-02T00:00:00.000Z",
            respondedAt: null,
            completedAt: null,
            cancelledAt: null,
            cancellationReason: null,
            unwoundAt: null,
            unwoundReason: null,
          },
        ],
      },
    }
    const data = Layer.succeed(
      AccountData,
      strictFake<AccountData["Service"]>("AccountData", { exportFor: () => Effect.succeed(withPieces) }),
    )
    const result = await Effect.runPromise(
      exportMyData("Certa123").pipe(
        Effect.provide(
          Layer.mergeAll(data, fixedClock(Date.UTC(2026, 10, 21)), as(ana), credentials().layer),
        ),
      ),
    )
    const text = JSON.stringify(result)
    expect(text).not.toContain("Dragão Secreto")
    expect(text).not.toContain("revealAt")
    expect(text.match(/Personagem misterioso de dezembro\/2026/g)).toHaveLength(5)
    expect(result.cart[0]?.character).toBe("Fênix")
    expect(result.community.trades[0]?.yourPiece?.character).toBe("Fênix")
  })

  it("refuses a visitor without reading anything", async () => {
    const none = Layer.succeed(AccountData, strictFake<AccountData["Service"]>("AccountData", {}))
    const exit = await Effect.runPromiseExit(
      exportMyData("Certa123").pipe(
        Effect.provide(Layer.mergeAll(none, fixedClock(0), as(null), credentials().layer)),
      ),
    )
    expect(Exit.isFailure(exit) && JSON.stringify(exit.cause)).toContain("NotSignedIn")
  })

  it("counts wrong passwords against the sign-in throttle, then refuses even the right one", async () => {
    const none = Layer.succeed(AccountData, strictFake<AccountData["Service"]>("AccountData", {}))
    const creds = credentials()
    const run = (password: string) =>
      Effect.runPromiseExit(
        exportMyData(password).pipe(
          Effect.provide(Layer.mergeAll(none, fixedClock(0), as(ana), creds.layer)),
          Effect.provideService(ClientAddress, "198.51.100.4"),
        ),
      )
    for (let i = 0; i < 3; i++) {
      const exit = await run("Errada123")
      expect(Exit.isFailure(exit) && JSON.stringify(exit.cause)).toContain("WrongPassword")
    }
    expect(creds.wrong).toEqual(Array(3).fill("ana@example.com@198.51.100.4"))
    const blocked = await run("Certa123")
    expect(Exit.isFailure(blocked) && JSON.stringify(blocked.cause)).toContain("Muitas tentativas")
  })
})

describe("getAdminOverview", () => {
  // 00:30 on 1 December in UTC is still 30 November in São Paulo: the month is November's.
  const now = Date.parse("2026-12-01T00:30:00Z")
  const clock = fixedClock(now)

  it("counts this month from the 1st at midnight in São Paulo", async () => {
    const overview = await Effect.runPromise(
      getAdminOverview().pipe(Effect.provide(Layer.mergeAll(stats, clock, as({ ...ana, role: "admin" })))),
    )
    expect(overview.revenueThisMonth).toBe(Date.parse("2026-11-01T03:00:00Z"))
    expect(overview.newCustomersThisMonth).toBe(now)
  })

  it.each([
    ["user", "Forbidden"],
    ["moderator", null],
    ["admin", null],
  ] as const)("for a %s", async (role, error) => {
    const exit = await Effect.runPromiseExit(
      getAdminOverview().pipe(Effect.provide(Layer.mergeAll(stats, clock, as({ ...ana, role })))),
    )
    if (error) expect(Exit.isFailure(exit) && JSON.stringify(exit.cause)).toContain(error)
    else expect(Exit.isSuccess(exit) && exit.value.characters).toBe(84)
  })

  it("refuses a visitor", async () => {
    const exit = await Effect.runPromiseExit(
      getAdminOverview().pipe(Effect.provide(Layer.mergeAll(stats, clock, as(null)))),
    )
    expect(Exit.isFailure(exit) && JSON.stringify(exit.cause)).toContain("NotSignedIn")
  })
})

describe("listSubscribedCollections", () => {
  const asked: [string, number][] = []
  const entitlements = Layer.succeed(
    Entitlements,
    Entitlements.of({
      subscribedCollections: (userId, at) =>
        Effect.sync(() => {
          asked.push([userId, at])
          return new Set(userId === "u1" ? ["heroes", "anime"] : [])
        }),
    }),
  )
  const run = (viewer: Viewer | null) =>
    Effect.runPromise(
      listSubscribedCollections().pipe(
        Effect.provide(Layer.mergeAll(entitlements, fixedClock(Date.UTC(2026, 10, 21)), as(viewer))),
      ),
    )

  it("answers the viewer's own collections, at the clock's instant", async () => {
    expect(await run(ana)).toEqual(["anime", "heroes"])
    expect(asked.at(-1)).toEqual(["u1", Date.UTC(2026, 10, 21)])
  })

  it("answers none for a visitor, without asking", async () => {
    asked.length = 0
    expect(await run(null)).toEqual([])
    expect(asked).toEqual([])
  })
})
