import type { Browser } from "playwright"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { EXPORTED_USER_COLUMNS } from "../../adapters/account/personalDataCoverage"
import { connectDatabase, type DatabaseHandle } from "../../adapters/db/connect"
import { downloadedText, launchBrowser } from "../support/browser"
import { freshPostgres, postgresServerUrl, type TestDatabase } from "../support/databases"
import {
  type Collector,
  fillEverySection,
  followAndOfferTrade,
  revealedAndHidden,
} from "../support/everyPersonalDatum"
import { createVerifiedAccount } from "../support/mailbox"
import { go, signIn } from "../support/pages"
import { type RunningServer, startServer } from "../support/server"
import { STORE_DAY } from "../support/storeClock"

/**
 * A collector with something in every section exports her data from /perfil in Chromium and finds each section
 * in the downloaded file, a character she has not seen revealed named only as the month's mystery, and nothing
 * of another collector's. The sections are written straight to the database (the file needs PostgreSQL for it).
 */

const databaseUrl = await postgresServerUrl()
if (!databaseUrl)
  console.warn("skipped: no PostgreSQL (set TEST_DATABASE_URL to run the LGPD export journey)")

const PASSWORD = "Colecao123"
const ana = {
  email: "ana.export@example.com",
  username: "ana_exporta",
  secret: "ANA-PRIVADO",
  cpf: "52998224725",
}
const bia = {
  email: "bia.export@example.com",
  username: "bia_exporta",
  secret: "BIA-PRIVADO",
  cpf: "11144477735",
}

let database: TestDatabase
let handle: DatabaseHandle
let server: RunningServer
let browser: Browser
let hiddenName = ""

beforeAll(async () => {
  if (!databaseUrl) return
  database = await freshPostgres(databaseUrl)
  const url = database.target.kind === "postgres" ? database.target.url : ""
  ;[server, browser] = await Promise.all([
    startServer({ NODE_ENV: "test", DATABASE_URL: url }),
    launchBrowser(),
  ])
  handle = connectDatabase(database.target, { poolSize: 2 })
  const collectors: Collector[] = []
  for (const who of [ana, bia]) {
    await createVerifiedAccount(server.url, who.secret, who.email, PASSWORD)
    const { id } = await handle.db
      .selectFrom("auth_user")
      .select("id")
      .where("email", "=", who.email)
      .executeTakeFirstOrThrow()
    collectors.push({ ...who, id })
  }
  const at = new Date(STORE_DAY - 86_400_000)
  // Hidden for a day at least: the store's clock starts at STORE_DAY and runs on during the test.
  const characters = await revealedAndHidden(handle.db, new Date(STORE_DAY + 86_400_000))
  hiddenName = characters.hidden.name
  const [anaCollector, biaCollector] = collectors as [Collector, Collector]
  const anaPiece = await fillEverySection(handle.db, anaCollector, characters, at)
  const biaPiece = await fillEverySection(handle.db, biaCollector, characters, at)
  await followAndOfferTrade(
    handle.db,
    { collector: anaCollector, piece: anaPiece },
    { collector: biaCollector, piece: biaPiece },
    at,
  )
  await followAndOfferTrade(
    handle.db,
    { collector: biaCollector, piece: biaPiece },
    { collector: anaCollector, piece: anaPiece },
    at,
  )
})
afterAll(async () => {
  await browser?.close()
  await server?.stop()
  await handle?.close()
  await database?.dispose()
})

describe.skipIf(!databaseUrl)("exporting one's data from /perfil (LGPD)", () => {
  it("downloads a file with every section filled and nothing of another collector", async () => {
    const context = await browser.newContext({ locale: "pt-BR", acceptDownloads: true })
    const page = await context.newPage()
    await signIn(page, server.url, ana.email, PASSWORD)
    await page.waitForURL("**/perfil")
    await go(page, server.url, "/perfil?tab=privacy")
    const privacy = page.getByRole("region", { name: "Seus dados (LGPD)" })
    await privacy.getByLabel("Senha", { exact: true }).fill(PASSWORD)
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      privacy.getByRole("button", { name: "Exportar meus dados" }).click(),
    ])
    expect(download.suggestedFilename()).toBe("meus-dados-legendarium.json")
    const text = await downloadedText(download)
    const data = JSON.parse(text) as Record<string, unknown>
    await context.close()

    const section = (path: string) =>
      path.split(".").reduce<unknown>((v, key) => (v as Record<string, unknown> | null)?.[key], data)
    const empty = [...new Set(["profile", "newsletter", ...Object.values(EXPORTED_USER_COLUMNS)])].filter(
      (path) => {
        const value = section(path)
        return Array.isArray(value) ? value.length === 0 : value === null || value === undefined
      },
    )
    expect(empty).toEqual([])
    expect(data).toMatchObject({
      profile: { email: ana.email },
      community: {
        publicProfile: { username: ana.username },
        shelfItems: [{ name: "Estátua ANA-PRIVADO" }],
        follows: { following: [{ collector: bia.username }], followers: 1 },
      },
    })
    expect(text).toContain("Personagem misterioso de")
    expect(text).not.toContain(hiddenName)
    expect(text).not.toMatch(/BIA-PRIVADO|bia\.export@example\.com|11144477735/)
  })
})
