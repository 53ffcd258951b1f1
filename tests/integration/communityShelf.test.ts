import { Cause, Effect, Exit } from "effect"
import type { Kysely } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { Database } from "../../adapters/db/schema"
import { seedDemoCatalog } from "../../adapters/seed/seedDemoCatalog"
import { deleteShelfItem } from "../../application/community/deleteShelfItem"
import { getCharacterCommunity } from "../../application/community/getCharacterCommunity"
import { getMyCollection } from "../../application/community/getMyCollection"
import { getShelf } from "../../application/community/getShelf"
import { saveShelfItem } from "../../application/community/saveShelfItem"
import { setFavourite } from "../../application/community/setFavourite"
import { updateMyPiece } from "../../application/community/updateMyPiece"
import { uploadShelfPhoto } from "../../application/community/uploadShelfPhoto"
import { ClientAddress } from "../../application/ports/ClientAddress"
import { CurrentUser, type Viewer } from "../../application/ports/CurrentUser"
import type { ShelfItemInput } from "../../domain/community/shelf"
import { apiApp } from "../support/apiApp"
import { customer, runtimeTargets, testRuntime } from "../support/appRuntimes"
import { addUsers, clockNow, runtimeDb } from "../support/storeRuntime"

// The virtual shelf, my collection and favourites on the real adapters: object-level refusals, a private
// profile's shelf absent for others, favourites idempotent, the community figures of a character.
const { targets, embedded, dispose } = await runtimeTargets(5)
afterAll(dispose)

const ana = customer("ana", "Ana Souza")
const bia = customer("bia", "Bia Lima")
const caio = customer("caio", "Caio Prado")

const item = (over: Partial<ShelfItemInput> = {}): ShelfItemInput => ({
  name: "Cavaleiro de Pégaso",
  company: "Bandai",
  collection: "Cavaleiros do Zodíaco",
  category: "Action figure",
  description: "Edição de 1987",
  condition: "bom",
  rarity: "legendary",
  companyStatus: "fechada",
  estimatedValueCents: 45_000,
  acquiredOn: "2020-05-10",
  notes: "Caixa original",
  ...over,
})

// A 1×1 PNG: enough for sharp to decode and re-encode.
const PNG = Uint8Array.from(
  Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
    "base64",
  ),
)

describe.each(targets)("community shelf on $name", (target) => {
  const { config, runtime } = testRuntime(target, embedded, { workers: false })
  let db: Kysely<Database>
  let app: Awaited<ReturnType<typeof apiApp>>
  let products: { id: string; collection_id: string }[] = []
  let anaPiece = ""
  let caioPiece = ""

  const as = <A, E, R>(who: Viewer | null, effect: Effect.Effect<A, E, R>) =>
    runtime.runPromise(
      effect.pipe(
        Effect.provideService(CurrentUser, { viewer: who }),
        Effect.provideService(ClientAddress, "10.1.1.1"),
      ) as Effect.Effect<A, E, never>,
    )
  /** The tag of the expected failure, or "ok". */
  const outcome = async <A, E, R>(who: Viewer | null, effect: Effect.Effect<A, E, R>) => {
    const exit = await runtime.runPromiseExit(
      effect.pipe(Effect.provideService(CurrentUser, { viewer: who })) as Effect.Effect<A, E, never>,
    )
    if (Exit.isSuccess(exit)) return "ok"
    const error = Cause.findErrorOption(exit.cause)
    return error._tag === "Some" ? (error.value as { _tag: string; message?: string }) : "defect"
  }

  beforeAll(async () => {
    app = await apiApp(runtime, config)
    db = await runtimeDb(runtime)
    const now = await clockNow(runtime)
    await seedDemoCatalog(db, now)
    await addUsers(db, [ana, bia, caio])
    products = await db
      .selectFrom("collection_products")
      .select(["id", "collection_id"])
      .where("reveal_at", "<=", new Date(now))
      .orderBy("reveal_at", "desc")
      .limit(2)
      .execute()
    const [first] = products
    if (!first) throw new Error("no revealed product in the demo catalogue")
    const piece = (userId: string, isForTrade: boolean) => ({
      user_id: userId,
      product_id: first.id,
      collection_id: first.collection_id,
      source: "gift" as const,
      order_id: null,
      order_position: null,
      price_cents: 19_990,
      is_for_trade: isForTrade,
      acquired_at: new Date(now - 86_400_000),
    })
    const rows = await db
      .insertInto("collector_pieces")
      .values([piece(ana.id, false), piece(bia.id, true), piece(bia.id, false), piece(caio.id, true)])
      .returning(["id", "user_id"])
      .execute()
    anaPiece = rows.find((r) => r.user_id === ana.id)?.id ?? ""
    caioPiece = rows.find((r) => r.user_id === caio.id)?.id ?? ""
    await db
      .insertInto("collector_profiles")
      .values({
        user_id: caio.id,
        username: "caio",
        display_name: "Caio",
        is_private: true,
        created_at: new Date(now),
        updated_at: new Date(now),
      })
      .execute()
  }, 120_000)
  afterAll(() => runtime.dispose())

  it("adds, edits, photographs and deletes the owner's item beside their store piece", async () => {
    const { id } = await as(ana, saveShelfItem(item()))
    let shelf = await as(ana, getShelf(ana.id))
    expect(shelf?.isOwner).toBe(true)
    expect(shelf?.entries.map((e) => e.kind).sort()).toEqual(["item", "piece"])
    expect(shelf?.stats).toEqual({ total: 2, closedCompanies: 1, epicOrLegendary: 1, valueCents: 64_990 })

    await as(ana, saveShelfItem({ ...item({ name: "Seiya", condition: "regular" }), id }))
    const { url } = await as(ana, uploadShelfPhoto(id, PNG))
    expect(url).toMatch(/^\/media\/upload-.+\.jpeg$/)
    shelf = await as(bia, getShelf(ana.id))
    expect(shelf?.isOwner).toBe(false)
    expect(shelf?.entries.find((e) => e.id === id)).toMatchObject({
      name: "Seiya",
      conditionLabel: "Regular",
      imageUrl: url,
      acquiredOn: "2020-05-10",
    })
    expect(await outcome(ana, uploadShelfPhoto(id, new TextEncoder().encode("not an image")))).toMatchObject({
      _tag: "ImageRejected",
    })

    await as(ana, deleteShelfItem(id))
    expect((await as(ana, getShelf(ana.id)))?.entries.map((e) => e.kind)).toEqual(["piece"])
  })

  it("validates on the server with the form's pt-BR messages", async () => {
    expect(await outcome(ana, saveShelfItem(item({ notes: "x".repeat(200) })))).toMatchObject({
      _tag: "InvalidInput",
      message: "As notas devem ter menos de 200 caracteres",
    })
    expect(await outcome(null, saveShelfItem(item()))).toMatchObject({ _tag: "NotSignedIn" })
  })

  it("refuses changes to someone else's item or piece as not found", async () => {
    const { id } = await as(ana, saveShelfItem(item({ name: "Só da Ana" })))
    expect(await outcome(bia, saveShelfItem({ ...item({ name: "Roubado" }), id }))).toMatchObject({
      _tag: "ShelfItemNotFound",
    })
    expect(await outcome(bia, deleteShelfItem(id))).toMatchObject({ _tag: "ShelfItemNotFound" })
    expect(await outcome(bia, uploadShelfPhoto(id, PNG))).toMatchObject({ _tag: "ShelfItemNotFound" })
    expect(
      await outcome(
        bia,
        updateMyPiece({ pieceId: anaPiece, condition: "poor", notes: "", isForTrade: true }),
      ),
    ).toMatchObject({ _tag: "ShelfItemNotFound" })
    const row = await db
      .selectFrom("shelf_items")
      .select("name")
      .where("id", "=", id)
      .executeTakeFirstOrThrow()
    expect(row.name).toBe("Só da Ana")
    const piece = await db
      .selectFrom("collector_pieces")
      .select("is_for_trade")
      .where("id", "=", anaPiece)
      .executeTakeFirstOrThrow()
    expect(piece.is_for_trade).toBe(false)

    await as(
      ana,
      updateMyPiece({ pieceId: anaPiece, condition: "near_mint", notes: "Na caixa", isForTrade: true }),
    )
    const mine = (await as(ana, getShelf(ana.id)))?.entries.find((e) => e.id === anaPiece)
    expect(mine).toMatchObject({ condition: "near_mint", notes: "Na caixa", isForTrade: true })
    await as(ana, updateMyPiece({ pieceId: anaPiece, condition: "mint", notes: "", isForTrade: false }))
    await as(ana, deleteShelfItem(id))
  })

  it("hides a private profile's shelf from everyone but its owner, and its pieces from trade lists", async () => {
    expect(await as(ana, getShelf(caio.id))).toBeNull()
    expect(await as(null, getShelf(caio.id))).toBeNull()
    expect(await as(null, getShelf("nobody"))).toBeNull()
    expect((await as(caio, getShelf(caio.id)))?.entries).toHaveLength(1)
    const response = await app.request(`/og/estante/${caio.id}.jpg`)
    expect(response.status).toBe(302)
    const community = await as(null, getCharacterCommunity(products[0]?.id ?? ""))
    expect(community.forTrade.map((t) => t.pieceId)).not.toContain(caioPiece)
  })

  it("draws the shelf's Open Graph image once and serves it as a JPEG", async () => {
    const first = await app.request(`/og/estante/${ana.id}.jpg`)
    expect(first.status).toBe(200)
    expect(first.headers.get("content-type")).toBe("image/jpeg")
    const etag = first.headers.get("etag") ?? ""
    const again = await app.request(`/og/estante/${ana.id}.jpg`, { headers: { "if-none-match": etag } })
    expect(again.status).toBe(304)
  })

  it("counts distinct holders and favourites; favouriting twice counts once", async () => {
    const productId = products[0]?.id ?? ""
    const before = await as(ana, getCharacterCommunity(productId))
    // Ana, Bia (two units) and Caio hold it: three collectors; Bia's piece for trade is listed, Caio's private one not.
    expect(before).toMatchObject({ owners: 3, wanting: 0, favourite: false })
    expect(before.forTrade.map((t) => t.displayName)).toEqual(["Bia"])
    await as(ana, setFavourite(productId, true))
    await as(ana, setFavourite(productId, true))
    await as(bia, setFavourite(productId, true))
    expect(await as(ana, getCharacterCommunity(productId))).toMatchObject({ wanting: 2, favourite: true })
    await as(ana, setFavourite(productId, false))
    expect(await as(ana, getCharacterCommunity(productId))).toMatchObject({ wanting: 1, favourite: false })
    expect(await outcome(null, setFavourite(productId, true))).toMatchObject({ _tag: "NotSignedIn" })
    expect(await outcome(ana, setFavourite("00000000-0000-0000-0000-000000000000", true))).toMatchObject({
      _tag: "CharacterNotFound",
    })
    // Bia does not see her own piece among the offers.
    expect((await as(bia, getCharacterCommunity(productId))).forTrade).toEqual([])
  })

  it("gives 'Minha Coleção' its progress, message and missing characters", async () => {
    const mine = await as(ana, getMyCollection())
    expect(mine.overview).toMatchObject({ pieces: 1, collections: 1, spentCents: 19_990 })
    const collection = mine.collections[0]
    expect(collection?.owned).toBe(1)
    expect(collection?.missing).toHaveLength((collection?.total ?? 0) - 1)
    expect(collection?.message).toBe(
      (collection?.percent ?? 0) >= 25 ? expect.any(String) : "Comece sua jornada de colecionador",
    )
    expect(mine.analytics.at(-1)?.pieces ?? 0).toBeGreaterThanOrEqual(0)
    expect(await outcome(null, getMyCollection())).toMatchObject({ _tag: "NotSignedIn" })
  })
})
