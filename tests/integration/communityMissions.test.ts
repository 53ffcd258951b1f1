import { Cause, Effect, Exit } from "effect"
import type { Kysely } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { Database } from "../../adapters/db/schema"
import { seedDemoCatalog } from "../../adapters/seed/seedDemoCatalog"
import { cancelTrade } from "../../application/community/cancelTrade"
import { confirmTrade } from "../../application/community/confirmTrade"
import { getMyMissions } from "../../application/community/getMyMissions"
import { getTradeTarget } from "../../application/community/getTradeTarget"
import { markForTrade } from "../../application/community/markForTrade"
import { offerTrade } from "../../application/community/offerTrade"
import { redeemMission } from "../../application/community/redeemMission"
import { refreshCollector } from "../../application/community/refreshCollector"
import { respondToTrade } from "../../application/community/respondToTrade"
import { CurrentUser, type Viewer } from "../../application/ports/CurrentUser"
import { toTRPCError } from "../../server/errors"
import { customer, runtimeTargets, testRuntime } from "../support/appRuntimes"
import { addUsers, clockNow, runtimeDb } from "../support/storeRuntime"

// Missions and trades on the real adapters: a reward taken once under 50 concurrent calls, a trade that swaps
// its pieces once when both sides confirm at the same time, and nobody acting on someone else's trade or piece.
const { targets, embedded, dispose } = await runtimeTargets(20)
afterAll(dispose)

const ana = customer("ana", "Ana Souza")
const bia = customer("bia", "Bia Lima")
const eve = customer("eve", "Eve Costa")

describe.each(targets)("missions and trades on $name", (target) => {
  const { runtime } = testRuntime(target, embedded, { workers: false })
  let db: Kysely<Database>
  let products: { id: string; collection_id: string }[] = []

  const run = <A, E, R>(who: Viewer, effect: Effect.Effect<A, E, R>) =>
    runtime.runPromiseExit(
      effect.pipe(Effect.provideService(CurrentUser, { viewer: who })) as Effect.Effect<A, E, never>,
    )
  const ok = async <A, E, R>(who: Viewer, effect: Effect.Effect<A, E, R>) => {
    const exit = await run(who, effect)
    if (Exit.isFailure(exit)) throw new Error(Cause.pretty(exit.cause))
    return exit.value
  }
  /** The pt-BR message a refused call answers with, as the client reads it. */
  const refusal = async <A, E, R>(who: Viewer, effect: Effect.Effect<A, E, R>) => {
    const exit = await run(who, effect)
    if (Exit.isSuccess(exit)) throw new Error("expected a refusal")
    const error = Cause.squash(exit.cause) as Parameters<typeof toTRPCError>[0]
    const mapped = toTRPCError(error)
    return { code: mapped.code, message: mapped.message }
  }
  const piece = async (userId: string, index: number, isForTrade = false) => {
    const product = products[index]
    if (!product) throw new Error("no product")
    const row = await db
      .insertInto("collector_pieces")
      .values({
        user_id: userId,
        product_id: product.id,
        collection_id: product.collection_id,
        source: "gift",
        order_id: null,
        order_position: null,
        is_for_trade: isForTrade,
        acquired_at: new Date(await clockNow(runtime)),
      })
      .returning("id")
      .executeTakeFirstOrThrow()
    return row.id
  }
  const ownerOf = async (pieceId: string) =>
    await db
      .selectFrom("collector_pieces")
      .select(["user_id", "source", "is_for_trade"])
      .where("id", "=", pieceId)
      .executeTakeFirstOrThrow()

  beforeAll(async () => {
    db = await runtimeDb(runtime)
    await seedDemoCatalog(db, await clockNow(runtime))
    products = await db
      .selectFrom("collection_products")
      .select(["id", "collection_id"])
      .orderBy("id")
      .limit(6)
      .execute()
    await addUsers(db, [ana, bia, eve])
  }, 60_000)
  afterAll(() => runtime.dispose())

  it("grants a completed mission's reward once under 50 concurrent redemptions", async () => {
    const missing = await refusal(ana, redeemMission("monthly_purchase"))
    expect(missing).toEqual({ code: "BAD_REQUEST", message: "Missão ainda não concluída" })
    expect(await db.selectFrom("mission_redemptions").selectAll().execute()).toHaveLength(0)

    // A purchase credited this month, as the ledger handler records it from PaymentApproved.
    await db
      .insertInto("points_ledger")
      .values({
        user_id: ana.id,
        kind: "purchase",
        reference: "order:o-ana-1",
        points: 100,
        coins: 10,
        description: "Comprou 1 personagem",
        occurred_at: new Date(await clockNow(runtime)),
      })
      .execute()
    await runtime.runPromise(
      refreshCollector(ana.id, await clockNow(runtime)) as Effect.Effect<void, never, never>,
    )
    const before = await db
      .selectFrom("collector_stats")
      .select("score")
      .where("user_id", "=", ana.id)
      .executeTakeFirstOrThrow()
    const board = await ok(ana, getMyMissions())
    expect(board.missions.find((m) => m.code === "monthly_purchase")?.state).toBe("complete")

    const exits = await Promise.all(
      Array.from({ length: 50 }, () => run(ana, redeemMission("monthly_purchase"))),
    )
    expect(exits.filter(Exit.isSuccess)).toHaveLength(1)
    for (const exit of exits.filter(Exit.isFailure))
      expect(toTRPCError(Cause.squash(exit.cause) as Parameters<typeof toTRPCError>[0]).message).toBe(
        "Recompensa já resgatada",
      )
    const rewards = await db
      .selectFrom("points_ledger")
      .selectAll()
      .where("user_id", "=", ana.id)
      .where("kind", "=", "mission")
      .execute()
    expect(rewards).toHaveLength(1)
    expect(rewards[0]?.points).toBe(100)
    expect(await db.selectFrom("mission_redemptions").selectAll().execute()).toHaveLength(1)
    const after = await db
      .selectFrom("collector_stats")
      .select("score")
      .where("user_id", "=", ana.id)
      .executeTakeFirstOrThrow()
    expect(after.score).toBe(before.score + 100)
    const again = await ok(ana, getMyMissions())
    expect(again.missions.find((m) => m.code === "monthly_purchase")?.state).toBe("redeemed")
    expect(again.summary.totalXp).toBe(after.score)
    expect(again.badges.find((b) => b.code === "first_purchase")?.unlockedAt).not.toBeNull()
    expect(await refusal(ana, redeemMission("nope"))).toEqual({
      code: "NOT_FOUND",
      message: "Missão não encontrada",
    })
  }, 60_000)

  it("unlocks the overview achievements once, with their XP in the ledger", async () => {
    await piece(eve.id, 0)
    for (let i = 0; i < 2; i++)
      await runtime.runPromise(
        refreshCollector(eve.id, await clockNow(runtime)) as Effect.Effect<void, never, never>,
      )
    const entries = await db
      .selectFrom("points_ledger")
      .select(["reference", "points"])
      .where("user_id", "=", eve.id)
      .where("kind", "=", "achievement")
      .execute()
    expect(entries.filter((e) => e.reference === "overview_first_character")).toEqual([
      { reference: "overview_first_character", points: 50 },
    ])
    const board = await ok(eve, getMyMissions())
    expect(board.achievements.find((a) => a.id === "overview_first_character")?.unlockedAt).not.toBeNull()
    expect(board.achievements.find((a) => a.id === "overview_complete_collection")?.missing).toBe(
      "Complete todos os personagens de uma coleção",
    )
    expect(board.achievements.some((a) => a.name === "Primeiro Personagem" && a.unlockedAt !== null)).toBe(
      true,
    )
  })

  it("swaps two pieces once when both sides confirm at the same time, and pays both once", async () => {
    const anaPiece = await piece(ana.id, 1)
    const biaPiece = await piece(bia.id, 2, true)
    const offered = await ok(
      ana,
      offerTrade({ fromPieceId: anaPiece, toPieceId: biaPiece, message: "Topa?" }),
    )
    const received = await db.selectFrom("notifications").selectAll().where("user_id", "=", bia.id).execute()
    // Through notify: the link is stored absolute, and the step keys it (told once).
    expect(received.map((n) => [n.type, n.title, n.action_url, n.dedupe_key])).toEqual([
      [
        "trade",
        "Nova proposta de troca",
        expect.stringMatching(/^https?:\/\/[^/]+\/trocas$/),
        `trade:${offered.id}:offered`,
      ],
    ])
    expect(
      await refusal(ana, offerTrade({ fromPieceId: anaPiece, toPieceId: biaPiece, message: "" })),
    ).toEqual({
      code: "CONFLICT",
      message: "Já existe uma proposta em aberto para estas peças",
    })
    // Accepting twice at once: one answer wins.
    const accepts = await Promise.all([
      run(bia, respondToTrade({ tradeId: offered.id, answer: "accept" })),
      run(bia, respondToTrade({ tradeId: offered.id, answer: "accept" })),
    ])
    expect(accepts.filter(Exit.isSuccess)).toHaveLength(1)
    await ok(ana, confirmTrade(offered.id))
    // Two confirmations from the last side at once: the pieces change hands once.
    const confirms = await Promise.all([
      run(bia, confirmTrade(offered.id)),
      run(bia, confirmTrade(offered.id)),
    ])
    expect(confirms.filter(Exit.isSuccess)).toHaveLength(1)
    const toAna = await db
      .selectFrom("notifications")
      .select("title")
      .where("user_id", "=", ana.id)
      .where("type", "=", "trade")
      .orderBy("created_at")
      .execute()
    expect(toAna.map((n) => n.title)).toEqual(["Proposta de troca aceita", "Troca concluída"])
    // Each step told also waits for its e-mail (type trade), once.
    const told = await db
      .selectFrom("outbox_events")
      .select("payload")
      .where("type", "=", "TradeStepTold")
      .where("aggregate_id", "=", offered.id)
      .execute()
    expect(told.map((e) => (e.payload as { step: string }).step).sort()).toEqual([
      "accepted",
      "completed",
      "confirmed",
      "offered",
    ])
    expect(await ownerOf(anaPiece)).toEqual({ user_id: bia.id, source: "trade", is_for_trade: false })
    expect(await ownerOf(biaPiece)).toEqual({ user_id: ana.id, source: "trade", is_for_trade: false })
    const trade = await db
      .selectFrom("trades")
      .selectAll()
      .where("id", "=", offered.id)
      .executeTakeFirstOrThrow()
    expect(trade.status).toBe("completed")
    const paid = await db.selectFrom("points_ledger").select("user_id").where("kind", "=", "trade").execute()
    expect(paid.map((p) => p.user_id).sort()).toEqual([ana.id, bia.id])
    const badge = await db
      .selectFrom("collector_achievements")
      .select("user_id")
      .where("code", "=", "badge:trader")
      .execute()
    expect(badge.map((b) => b.user_id).sort()).toEqual([ana.id, bia.id])
    expect(await refusal(ana, cancelTrade({ tradeId: offered.id, reason: "tarde" }))).toEqual({
      code: "CONFLICT",
      message: "Esta troca já foi encerrada",
    })
  }, 60_000)

  it("refuses someone else's trade, someone else's piece, a piece not for trade and a trade to oneself", async () => {
    const anaPiece = await piece(ana.id, 3)
    const biaPiece = await piece(bia.id, 4, true)
    const biaOther = await piece(bia.id, 5)
    const offered = await ok(ana, offerTrade({ fromPieceId: anaPiece, toPieceId: biaPiece, message: "" }))
    const notFound = { code: "NOT_FOUND", message: "Troca não encontrada" }
    expect(await refusal(eve, respondToTrade({ tradeId: offered.id, answer: "accept" }))).toEqual(notFound)
    expect(await refusal(eve, confirmTrade(offered.id))).toEqual(notFound)
    expect(await refusal(eve, cancelTrade({ tradeId: offered.id, reason: "x" }))).toEqual(notFound)
    expect(await refusal(ana, respondToTrade({ tradeId: offered.id, answer: "accept" }))).toEqual({
      code: "CONFLICT",
      message: "Apenas quem recebeu a proposta pode respondê-la",
    })
    // Offering Bia's own piece as if it were Eve's.
    expect(
      await refusal(eve, offerTrade({ fromPieceId: biaOther, toPieceId: biaPiece, message: "" })),
    ).toEqual({
      code: "BAD_REQUEST",
      message: "Você só pode oferecer peças da sua coleção",
    })
    expect(
      await refusal(ana, offerTrade({ fromPieceId: anaPiece, toPieceId: biaOther, message: "" })),
    ).toEqual({
      code: "NOT_FOUND",
      message: "Esta peça não está disponível para troca",
    })
    // The same character for the same character is no trade.
    const anaSame = await piece(ana.id, 4)
    expect(
      await refusal(ana, offerTrade({ fromPieceId: anaSame, toPieceId: biaPiece, message: "" })),
    ).toEqual({
      code: "BAD_REQUEST",
      message: "Ofereça um personagem diferente do que você quer receber",
    })
    expect(
      await refusal(bia, offerTrade({ fromPieceId: biaOther, toPieceId: biaPiece, message: "" })),
    ).toEqual({
      code: "BAD_REQUEST",
      message: "Você não pode propor uma troca a si mesmo",
    })
    expect(
      await refusal(
        ana,
        offerTrade({ fromPieceId: anaPiece, toPieceId: biaPiece, message: "x".repeat(301) }),
      ),
    ).toMatchObject({ message: "A mensagem deve ter menos de 300 caracteres" })
    expect(await refusal(eve, markForTrade({ pieceId: biaOther, forTrade: true }))).toEqual({
      code: "NOT_FOUND",
      message: "Esta peça não está disponível para troca",
    })
    expect((await ownerOf(biaOther)).is_for_trade).toBe(false)
    expect((await ok(eve, getTradeTarget(biaOther))).target).toBeNull()
    // Another collector reads her public name, never the account's full name.
    expect((await ok(eve, getTradeTarget(biaPiece))).target?.ownerName).toBe("Bia L.")
    // A piece that left its owner before the second confirmation: refused, nothing moves.
    await ok(bia, respondToTrade({ tradeId: offered.id, answer: "accept" }))
    await ok(bia, confirmTrade(offered.id))
    await db
      .updateTable("collector_pieces")
      .set({ revoked_at: new Date(await clockNow(runtime)) })
      .where("id", "=", anaPiece)
      .execute()
    expect(await refusal(ana, confirmTrade(offered.id))).toMatchObject({ code: "CONFLICT" })
    expect((await ownerOf(biaPiece)).user_id).toBe(bia.id)
    const cancelled = await ok(bia, cancelTrade({ tradeId: offered.id, reason: "A peça foi reembolsada" }))
    expect(cancelled.status).toBe("cancelled")
  }, 60_000)
})
