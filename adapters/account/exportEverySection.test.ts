import { Effect, Layer } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { exportMyData } from "../../application/account/exportMyData"
import { Credentials } from "../../application/ports/Credentials"
import { CurrentUser } from "../../application/ports/CurrentUser"
import { fixedClock } from "../../tests/fakes/inMemoryCatalog"
import { migrated, type TestDatabase, testDatabases } from "../../tests/support/databases"
import {
  type Collector,
  fillEverySection,
  followAndOfferTrade,
  revealedAndHidden,
} from "../../tests/support/everyPersonalDatum"
import type { DatabaseHandle } from "../db/connect"
import { Db } from "../db/DatabaseService"
import { seedDemoCatalog } from "../seed/seedDemoCatalog"
import { PostgresAccountDataLayer } from "./PostgresAccountData"
import { EXPORTED_USER_COLUMNS } from "./personalDataCoverage"

const databases = await testDatabases()
const NOW = Date.UTC(2026, 10, 21, 12)

const ana: Collector = {
  id: "u-ana",
  email: "ana@example.com",
  username: "ana_coleciona",
  secret: "ANA-PRIVADO",
  cpf: "52998224725",
}
const bia: Collector = {
  id: "u-bia",
  email: "bia@example.com",
  username: "bia_coleciona",
  secret: "BIA-PRIVADO",
  cpf: "11144477735",
}

/** The value at a section's path ("community.pieces"): filled when a non-empty list or a present record. */
const sectionOf = (data: object, path: string): unknown =>
  path.split(".").reduce<unknown>((v, key) => (v as Record<string, unknown> | null)?.[key], data)
const filled = (value: unknown) =>
  Array.isArray(value) ? value.length > 0 : value !== null && value !== undefined

describe.each(databases)(
  "the LGPD export of a collector with something in every section on $name",
  (database: TestDatabase) => {
    let handle: DatabaseHandle
    let hiddenName: string
    let shownName: string
    beforeAll(async () => {
      handle = await migrated(database)
      const db = handle.db
      await seedDemoCatalog(db, NOW)
      const at = new Date(NOW - 86_400_000)
      const characters = await revealedAndHidden(db, new Date(NOW))
      hiddenName = characters.hidden.name
      shownName = characters.shown.name
      const pieces: string[] = []
      for (const who of [ana, bia]) {
        await db
          .insertInto("auth_user")
          .values({
            id: who.id,
            name: who.secret,
            email: who.email,
            emailVerified: true,
            role: null,
            appRole: null,
          })
          .execute()
        await db
          .insertInto("auth_account")
          .values({
            id: `acc-${who.id}`,
            accountId: who.id,
            providerId: "credential",
            userId: who.id,
            updatedAt: at,
          })
          .execute()
        await db
          .insertInto("auth_session")
          .values({
            id: `ses-${who.id}`,
            token: `token-${who.id}`,
            userId: who.id,
            expiresAt: new Date(NOW + 86_400_000),
            updatedAt: at,
            userAgent: `Navegador ${who.secret}`,
          })
          .execute()
        pieces.push(await fillEverySection(db, who, characters, at))
      }
      const [anaPiece = "", biaPiece = ""] = pieces
      await followAndOfferTrade(
        db,
        { collector: ana, piece: anaPiece },
        { collector: bia, piece: biaPiece },
        at,
      )
      await followAndOfferTrade(
        db,
        { collector: bia, piece: biaPiece },
        { collector: ana, piece: anaPiece },
        at,
      )
    })
    afterAll(async () => {
      await handle?.close()
      await database.dispose()
    })

    const exportOf = (who: Collector) =>
      Effect.runPromise(
        exportMyData("Certa123").pipe(
          Effect.provide(
            Layer.mergeAll(
              PostgresAccountDataLayer.pipe(Layer.provide(Db.fromHandle(handle))),
              fixedClock(NOW),
              Layer.succeed(
                CurrentUser,
                CurrentUser.of({
                  viewer: {
                    id: who.id,
                    email: who.email,
                    name: who.secret,
                    role: "user",
                    emailVerified: true,
                  },
                }),
              ),
              Layer.succeed(
                Credentials,
                Credentials.of({
                  verifyPassword: () => Effect.succeed(true),
                  isThrottled: () => Effect.succeed(false),
                  recordWrongPassword: () => Effect.void,
                }),
              ),
            ),
          ),
        ),
      )

    it("fills every section the schema test counts as exported", async () => {
      const data = await exportOf(ana)
      const empty = [...new Set(Object.values(EXPORTED_USER_COLUMNS))].filter(
        (path) => !filled(sectionOf(data, path)),
      )
      expect(empty).toEqual([])
    })

    it("carries what the collector subscribed to, holds, wrote and earned", async () => {
      const data = await exportOf(ana)
      expect(data).toMatchObject({
        profile: { id: "u-ana", email: "ana@example.com" },
        signInMethods: [{ provider: "e-mail e senha" }],
        sessions: [{ userAgent: "Navegador ANA-PRIVADO" }],
        newsletter: { subscribedAt: expect.any(String) },
        details: { cpf: ana.cpf },
        addresses: [{ street: "Rua ANA-PRIVADO" }],
        orders: [{ status: "paid", payments: [{ method: "pix", amount: 29990 }] }],
        supportTickets: [{ subject: "Dúvida ANA-PRIVADO", messages: [{ from: "cliente" }] }],
        notifications: [{ message: "Olá ANA-PRIVADO" }],
        notificationPreferences: [{ type: "trade", inApp: true, email: false }],
        waitlists: [{ status: "waiting" }],
        subscriptions: [
          { plan: "monthly-plan", amount: 29990, cpf: ana.cpf, charges: [{ status: "approved" }] },
        ],
        collectionAccess: [{ kind: "prepaid", status: "active", month: "2026-12" }],
        planMonths: [{ month: "2026-12", kind: "prepaid", heldCharacter: { character: expect.any(String) } }],
        planSettings: [{ revealNotifications: true, deliveryAddress: "Rua ANA-PRIVADO, 10 - São Paulo/SP" }],
        cart: [{ quantity: 1 }],
        couponUses: [{ code: "CANA_COLECIONA", cpf: ana.cpf }],
        community: {
          publicProfile: { username: "ana_coleciona", bio: "Bio ANA-PRIVADO" },
          pieces: [{ source: "subscription", notes: "Nota ANA-PRIVADO" }],
          shelfItems: [{ name: "Estátua ANA-PRIVADO", company: "Outra Loja", condition: "bom" }],
          favourites: [{ character: shownName }],
          pointsAndCoins: {
            totals: { score: 150, coins: 15 },
            entries: [{ kind: "purchase", points: 150, coins: 15 }],
          },
          achievements: [{ code: "first_piece" }],
          missions: [{ mission: "daily_favourite", period: "2026-11-20" }],
          follows: { following: [{ collector: "bia_coleciona" }], followers: 1 },
          trades: [
            { direction: "enviada", otherCollector: "bia_coleciona", status: "pending" },
            { direction: "recebida", otherCollector: "bia_coleciona", status: "pending" },
          ],
        },
      })
    })

    it("never names a character before its reveal, nor shows another collector's private data", async () => {
      const text = JSON.stringify(await exportOf(ana))
      expect(text).not.toContain(hiddenName)
      expect(text).not.toContain("recorded name")
      expect(text).toContain("Personagem misterioso de")
      expect(text).not.toMatch(/BIA-PRIVADO|u-bia|bia@example\.com|11144477735|token-/)
      // Bia's export, the same way round.
      expect(JSON.stringify(await exportOf(bia))).not.toMatch(
        /ANA-PRIVADO|u-ana|ana@example\.com|52998224725/,
      )
    })
  },
)
