import { Effect } from "effect"
import { sql } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type QuoteRequest, ShippingQuoteSources } from "../../application/ports/ShippingQuoteSource"
import type { Parcel } from "../../domain/shipping/parcel"
import { up as createShippingTable } from "../../migrations/20261121000004_shipping_table"
import { migrated, type TestDatabase, testDatabases } from "../../tests/support/databases"
import type { DatabaseHandle } from "../db/connect"
import { Db } from "../db/DatabaseService"
import { DEMO_SHIPPING_TABLE, seedDemoShippingTable } from "./demoShippingTable"
import {
  chargeableGrams,
  ShippingQuoteSourcesLayer,
  type ShippingTableRow,
  shippingTableSource,
  withShippingTable,
} from "./ShippingTable"
import { loadShippingTable, parseShippingTableCsv } from "./shippingTableCsv"

const SMALL: Parcel = { lengthCm: 20, widthCm: 15, heightCm: 10, weightKg: 0.8 }
const request = (destinationCep: string, parcel: Parcel = SMALL, originCep = "01001000"): QuoteRequest => ({
  originCep,
  destinationCep,
  parcel,
  insuranceValue: 29990,
})

const row = (over: Partial<ShippingTableRow>): ShippingTableRow => ({
  service: "PAC",
  originCep: "13000000",
  cepStart: "40000000",
  cepEnd: "48999999",
  weightMinG: 0,
  weightMaxG: 30000,
  priceCents: 5000,
  minDays: 5,
  maxDays: 9,
  ...over,
})

const databases = await testDatabases()

describe.each(databases)("official shipping table on $name", (database: TestDatabase) => {
  let handle: DatabaseHandle
  const quote = (req: QuoteRequest) => Effect.runPromise(shippingTableSource(handle.db).quote(req))
  const count = async () => {
    const { n } = await withShippingTable(handle.db)
      .selectFrom("shipping_table_rows")
      .select(sql<number>`count(*)::int`.as("n"))
      .executeTakeFirstOrThrow()
    return n
  }

  beforeAll(async () => {
    handle = await migrated(database)
    // Until migrations/index.ts registers the migration, apply it here.
    const { rows } = await sql<{
      t: string | null
    }>`select to_regclass('public.shipping_table_rows')::text as t`.execute(handle.db)
    if (!rows[0]?.t) await createShippingTable(handle.db)
    expect(await seedDemoShippingTable(handle.db)).toBe(true)
  })
  afterAll(async () => {
    await handle?.close()
    await database.dispose()
  })

  it("seeds the demo rows only into an empty table", async () => {
    expect(await seedDemoShippingTable(handle.db)).toBe(false)
    expect(await count()).toBe(DEMO_SHIPPING_TABLE.length)
    expect(DEMO_SHIPPING_TABLE).toHaveLength(5 * 4 * 2)
  })

  it("quotes PAC and SEDEX for the destination's range and the parcel's weight band", async () => {
    // Rio de Janeiro, up to 1 kg; days are the rounded mean of the row's range (4–7 → 6, 1–3 → 2).
    expect(await quote(request("20040020"))).toEqual([
      { id: "table-pac", name: "PAC", price: 2590, days: 6, provider: "Correios" },
      { id: "table-sedex", name: "SEDEX", price: 3890, days: 2, provider: "Correios" },
    ])
    // 1.5 kg to Minas Gerais: second band.
    const mg = await quote(request("30130010", { ...SMALL, weightKg: 1.5 }))
    expect(mg.map((o) => [o.id, o.price, o.days])).toEqual([
      ["table-pac", 3190, 6],
      ["table-sedex", 4990, 3],
    ])
  })

  it("matches the range and band boundaries inclusively", async () => {
    const prices = async (cep: string, weightKg: number) =>
      (await quote(request(cep, { ...SMALL, weightKg }))).map((o) => o.price)
    expect(await prices("05999999", 1)).toEqual([1890, 2290])
    expect(await prices("06000000", 1)).toEqual([2290, 3190])
    expect(await prices("06000000", 1.001)).toEqual([2690, 3890])
    expect(await prices("19999999", 10)).toEqual([4590, 7290])
    expect(await prices("80000-000", 5.001)).toEqual([6190, 10290])
  })

  it("bills a bulky parcel by its volumetric weight", async () => {
    // 40 × 30 × 30 cm is 6 kg volumetric although it weighs 2 kg: band 5001–10000 g.
    const bulky = await quote(request("20040020", { lengthCm: 40, widthCm: 30, heightCm: 30, weightKg: 2 }))
    expect(bulky.map((o) => o.price)).toEqual([5590, 9290])
  })

  it("answers no options when no row matches", async () => {
    expect(await quote(request("40010000"))).toEqual([]) // Bahia is not in the demo table
    expect(await quote(request("20040020", { ...SMALL, weightKg: 12 }))).toEqual([])
    expect(await quote(request("20040020", SMALL, "13000000"))).toEqual([])
    expect(await quote(request("2004"))).toEqual([])
  })

  it("takes the cheapest row per service, with that row's days", async () => {
    await loadShippingTable(
      handle.db,
      [
        row({ priceCents: 5200, minDays: 3, maxDays: 4 }),
        row({ priceCents: 4800, minDays: 6, maxDays: 9 }),
        row({ cepStart: "40000000", cepEnd: "40999999", priceCents: 4500, minDays: 7, maxDays: 10 }),
        row({ service: "SEDEX", priceCents: 7900, minDays: 2, maxDays: 3 }),
        row({ service: "SEDEX", weightMinG: 0, weightMaxG: 500, priceCents: 100, minDays: 1, maxDays: 1 }),
      ],
      { replace: false },
    )
    const options = await quote(request("40010000", SMALL, "13000000"))
    expect(options).toEqual([
      { id: "table-pac", name: "PAC", price: 4500, days: 9, provider: "Correios" },
      { id: "table-sedex", name: "SEDEX", price: 7900, days: 3, provider: "Correios" },
    ])
    expect(await quote(request("41000000", SMALL, "13000000"))).toEqual([
      { id: "table-pac", name: "PAC", price: 4800, days: 8, provider: "Correios" },
      { id: "table-sedex", name: "SEDEX", price: 7900, days: 3, provider: "Correios" },
    ])
  })

  it("is the last source of the chain, after Melhor Envio when it is configured", async () => {
    const names = (melhorEnvio: Parameters<typeof ShippingQuoteSourcesLayer>[0]) =>
      Effect.runPromise(
        ShippingQuoteSources.use(({ sources }) => Effect.succeed(sources.map((s) => s.name))).pipe(
          Effect.provide(ShippingQuoteSourcesLayer(melhorEnvio)),
          Effect.provide(Db.fromHandle(handle)),
        ),
      )
    expect(await names(null)).toEqual(["Tabela oficial"])
    expect(
      await names({ baseUrl: "http://127.0.0.1:9/api/v2", token: "t", userAgent: "Loja (a@b.c)" }),
    ).toEqual(["Melhor Envio", "Tabela oficial"])
  })

  it("loads a parsed file in one transaction, replacing or adding to the table", async () => {
    const csv = [
      "servico,cep_origem,cep_inicio,cep_fim,peso_min_g,peso_max_g,preco,prazo_min,prazo_max",
      'PAC,01001-000,20000-000,28999-999,0,1000,"19,90",3,5',
      "SEDEX,01001000,20000000,28999999,0,1000,29.90,1,2",
    ].join("\n")
    const { rows, errors } = parseShippingTableCsv(csv)
    expect(errors).toEqual([])
    expect(await loadShippingTable(handle.db, rows, { replace: true })).toBe(2)
    expect(await count()).toBe(2)
    expect((await quote(request("20040020"))).map((o) => [o.price, o.days])).toEqual([
      [1990, 4],
      [2990, 2],
    ])

    // A row the database refuses rolls the whole load back.
    const bad = row({ priceCents: -1 })
    await expect(loadShippingTable(handle.db, [...rows, bad], { replace: true })).rejects.toThrow()
    expect(await count()).toBe(2)

    expect(await loadShippingTable(handle.db, rows, { replace: false })).toBe(2)
    expect(await count()).toBe(4)

    await loadShippingTable(handle.db, [], { replace: true })
    expect(await seedDemoShippingTable(handle.db)).toBe(true)
    expect(await count()).toBe(DEMO_SHIPPING_TABLE.length)
  })
})

describe("shipping table CSV", () => {
  const HEADER = "servico,cep_origem,cep_inicio,cep_fim,peso_min_g,peso_max_g,preco,prazo_min,prazo_max"

  it("reads a good file: decimal comma or point, CEPs with or without hyphen", () => {
    const text = `\uFEFF${HEADER}\r\nPAC,01001-000,01000-000,05999-999,0,1000,"18,90",2,4\r\n\r\nsedex,01001000,01000000,05999999,1001,2000,27.90,1,2\r\n`
    expect(parseShippingTableCsv(text)).toEqual({
      rows: [
        {
          service: "PAC",
          originCep: "01001000",
          cepStart: "01000000",
          cepEnd: "05999999",
          weightMinG: 0,
          weightMaxG: 1000,
          priceCents: 1890,
          minDays: 2,
          maxDays: 4,
        },
        {
          service: "SEDEX",
          originCep: "01001000",
          cepStart: "01000000",
          cepEnd: "05999999",
          weightMinG: 1001,
          weightMaxG: 2000,
          priceCents: 2790,
          minDays: 1,
          maxDays: 2,
        },
      ],
      errors: [],
    })
  })

  it("reads a semicolon-separated spreadsheet export", () => {
    const text = `${HEADER.replaceAll(",", ";")}\nPAC;01001000;20000000;28999999;0;1000;25,90;4;7`
    const { rows, errors } = parseShippingTableCsv(text)
    expect(errors).toEqual([])
    expect(rows[0]?.priceCents).toBe(2590)
  })

  it("reports each bad line with its number and keeps the good ones", () => {
    const text = [
      HEADER,
      "PAC,01001000,20000000,28999999,0,1000,25.90,4,7",
      "CARTA,01001000,20000000,28999999,0,1000,25.90,4,7",
      "PAC,0100100,20000000,28999999,0,1000,25.90,4,7",
      "PAC,01001000,28999999,20000000,0,1000,25.90,4,7",
      "PAC,01001000,20000000,28999999,2000,1000,25.90,4,7",
      "PAC,01001000,20000000,28999999,0,1000,grátis,4,7",
      "PAC,01001000,20000000,28999999,0,1000,25.90,7,4",
      "PAC,01001000,20000000,28999999,0,1000",
      'PAC,01001000,20000000,28999999,0,1000,"25,90,4,7',
      "PAC,01001000,20000000,28999999,0,1.5,25.90,4,7",
    ].join("\n")
    const { rows, errors } = parseShippingTableCsv(text)
    expect(rows).toHaveLength(1)
    expect(errors).toEqual([
      'Linha 3: serviço "CARTA" inválido (use PAC ou SEDEX).',
      'Linha 4: CEP de origem "0100100" inválido.',
      "Linha 5: o CEP inicial é maior que o CEP final.",
      "Linha 6: o peso mínimo é maior que o peso máximo.",
      'Linha 7: preço "grátis" inválido (ex.: 25,90).',
      "Linha 8: o prazo mínimo é maior que o prazo máximo.",
      "Linha 9: esperadas 9 colunas, encontradas 6.",
      "Linha 10: aspas não fechadas.",
      'Linha 11: peso máximo "1.5" inválido (gramas, número inteiro).',
    ])
  })

  it("rejects a file without the expected header", () => {
    expect(parseShippingTableCsv("")).toEqual({ rows: [], errors: ["Arquivo vazio: falta o cabeçalho."] })
    expect(parseShippingTableCsv("service,from,to\nPAC,1,2").errors).toEqual([
      `Linha 1: cabeçalho inválido; esperado "${HEADER}".`,
    ])
  })

  it("rounds the chargeable weight up to whole grams", () => {
    expect(chargeableGrams(1)).toBe(1000)
    expect(chargeableGrams(0.3)).toBe(300)
    expect(chargeableGrams(1.0001)).toBe(1001)
  })
})
