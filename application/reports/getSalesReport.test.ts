import { Effect, Exit, Layer } from "effect"
import { describe, expect, it } from "vitest"
import { fixedClock } from "../../tests/fakes/inMemoryCatalog"
import { CurrentUser, type Viewer } from "../ports/CurrentUser"
import { type ReportRange, SalesReports } from "../ports/SalesReports"
import { exportReport } from "./exportReport"
import { getSalesReport } from "./getSalesReport"

const viewer = (role: Viewer["role"]): Viewer => ({
  id: `u-${role}`,
  email: `${role}@example.com`,
  name: role,
  role,
  emailVerified: true,
})

/** 27 November 2026, 12:00 in São Paulo. */
const NOW = Date.parse("2026-11-27T15:00:00Z")

const asked: ReportRange[] = []
const reports = Layer.succeed(
  SalesReports,
  SalesReports.of({
    sales: (range) => {
      asked.push(range)
      return Effect.succeed([
        {
          bucket: "2026-11-23",
          orderRevenue: 10_000,
          orders: 3,
          discount: 500,
          subscriptionRevenue: 8990,
          charges: 1,
          refunded: 1000,
        },
      ])
    },
    byCollection: () => Effect.succeed([]),
    byPaymentMethod: () => Effect.succeed([{ method: "pix", orders: 3, revenue: 10_000 }]),
    coupons: () => Effect.succeed([{ code: "BEMVINDO", uses: 1, discount: 500, revenue: 4500 }]),
    subscriptions: () =>
      Effect.succeed({
        active: 2,
        newInPeriod: 1,
        cancelledInPeriod: 0,
        recurring: [
          { frequencyMonths: 1, subscriptions: 1, amount: 8990 },
          { frequencyMonths: 2, subscriptions: 1, amount: 15_981 },
        ],
      }),
  }),
)
const as = (who: Viewer | null) =>
  Layer.mergeAll(reports, fixedClock(NOW), Layer.succeed(CurrentUser, CurrentUser.of({ viewer: who })))
const week = { preset: "7d", grouping: "week" } as const

describe("getSalesReport", () => {
  it("refuses a customer and an anonymous visitor", async () => {
    for (const who of [viewer("user"), null]) {
      const exit = await Effect.runPromiseExit(Effect.provide(getSalesReport(week), as(who)))
      expect(Exit.isFailure(exit)).toBe(true)
      expect(JSON.stringify(exit)).toContain(who ? "Forbidden" : "NotSignedIn")
    }
  })

  it("lets a moderator read the last 7 São Paulo days, gaps filled, totals and MRR computed", async () => {
    const report = await Effect.runPromise(Effect.provide(getSalesReport(week), as(viewer("moderator"))))
    expect(asked.at(-1)).toEqual({
      from: Date.parse("2026-11-21T03:00:00Z"),
      to: Date.parse("2026-11-28T03:00:00Z"),
    })
    expect(report.period).toMatchObject({ first: "2026-11-21", last: "2026-11-27" })
    expect(report.series.map((r) => [r.bucket, r.orderRevenue])).toEqual([
      ["2026-11-16", 0],
      ["2026-11-23", 10_000],
    ])
    expect(report.totals).toEqual({
      revenue: 18_990,
      orderRevenue: 10_000,
      subscriptionRevenue: 8990,
      orders: 3,
      charges: 1,
      discount: 500,
      averageTicket: 3333,
      refunded: 1000,
      netRevenue: 17_990,
    })
    // 89,90 + 159,81 / 2 = 169,805 → 169,81
    expect(report.subscriptions.monthlyRecurringRevenue).toBe(16_981)
  })

  it("refuses a custom period that ends before it starts", async () => {
    const exit = await Effect.runPromiseExit(
      Effect.provide(
        getSalesReport({ preset: "custom", from: "2026-11-10", to: "2026-11-01", grouping: "day" }),
        as(viewer("admin")),
      ),
    )
    expect(JSON.stringify(exit)).toContain("A data final deve ser igual ou posterior à data inicial.")
  })
})

describe("exportReport", () => {
  it("writes the chosen report as a pt-BR CSV", async () => {
    const csv = await Effect.runPromise(
      Effect.provide(exportReport({ ...week, report: "methods" }), as(viewer("admin"))),
    )
    expect(csv.filename).toBe("relatorio-formas-de-pagamento-2026-11-21-a-2026-11-27.csv")
    expect(csv.body).toBe("\uFEFFForma de pagamento;Pedidos;Receita (R$)\r\nPIX;3;100,00\r\n")
  })

  it("refuses a customer", async () => {
    const exit = await Effect.runPromiseExit(
      Effect.provide(exportReport({ ...week, report: "sales" }), as(viewer("user"))),
    )
    expect(Exit.isFailure(exit)).toBe(true)
  })
})
