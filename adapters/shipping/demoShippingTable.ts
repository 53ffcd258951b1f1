import { type Kysely, sql } from "kysely"
import type { Cents } from "../../domain/money"
import type { Database } from "../db/schema"
import { insertShippingTableRows, type ShippingTableRow, withShippingTable } from "./ShippingTable"

export const DEMO_SHIPPING_ORIGIN_CEP = "01001000"

/** Weight bands in grams, both bounds inclusive (chargeable weight is rounded up to whole grams). */
const BANDS: readonly (readonly [min: number, max: number])[] = [
  [0, 1000],
  [1001, 2000],
  [2001, 5000],
  [5001, 10000],
]

interface Region {
  readonly cepStart: string
  readonly cepEnd: string
  /** Prices per band, in the order of BANDS. */
  readonly pac: readonly [Cents, Cents, Cents, Cents]
  readonly pacDays: readonly [number, number]
  readonly sedex: readonly [Cents, Cents, Cents, Cents]
  readonly sedexDays: readonly [number, number]
}

// Retail-counter prices of late 2026 from São Paulo (capital), rounded to ",90".
const REGIONS: readonly Region[] = [
  {
    // São Paulo capital
    cepStart: "01000000",
    cepEnd: "05999999",
    pac: [1890, 2190, 2690, 3490],
    pacDays: [2, 4],
    sedex: [2290, 2790, 3590, 4890],
    sedexDays: [1, 2],
  },
  {
    // Rest of the state of São Paulo
    cepStart: "06000000",
    cepEnd: "19999999",
    pac: [2290, 2690, 3390, 4590],
    pacDays: [3, 6],
    sedex: [3190, 3890, 5190, 7290],
    sedexDays: [1, 3],
  },
  {
    // Rio de Janeiro
    cepStart: "20000000",
    cepEnd: "28999999",
    pac: [2590, 3090, 3990, 5590],
    pacDays: [4, 7],
    sedex: [3890, 4790, 6490, 9290],
    sedexDays: [1, 3],
  },
  {
    // Minas Gerais
    cepStart: "30000000",
    cepEnd: "39999999",
    pac: [2690, 3190, 4190, 5890],
    pacDays: [4, 8],
    sedex: [4090, 4990, 6790, 9690],
    sedexDays: [2, 3],
  },
  {
    // Paraná
    cepStart: "80000000",
    cepEnd: "87999999",
    pac: [2790, 3390, 4390, 6190],
    pacDays: [5, 8],
    sedex: [4290, 5290, 7190, 10290],
    sedexDays: [2, 4],
  },
]

export const DEMO_SHIPPING_TABLE: readonly ShippingTableRow[] = REGIONS.flatMap((region) =>
  BANDS.flatMap(([weightMinG, weightMaxG], band) =>
    (["PAC", "SEDEX"] as const).map(
      (service): ShippingTableRow => ({
        service,
        originCep: DEMO_SHIPPING_ORIGIN_CEP,
        cepStart: region.cepStart,
        cepEnd: region.cepEnd,
        weightMinG,
        weightMaxG,
        priceCents: (service === "PAC" ? region.pac : region.sedex)[band]!,
        minDays: (service === "PAC" ? region.pacDays : region.sedexDays)[0],
        maxDays: (service === "PAC" ? region.pacDays : region.sedexDays)[1],
      }),
    ),
  ),
)

/** Fills an empty shipping table with the demo rows. Returns false (and changes nothing) when rows exist. */
export async function seedDemoShippingTable(db: Kysely<Database>): Promise<boolean> {
  return withShippingTable(db)
    .transaction()
    .execute(async (trx) => {
      // Serialises concurrent seeders (several instances starting at once on one PostgreSQL).
      await sql`select pg_advisory_xact_lock(727004)`.execute(trx)
      const existing = await trx.selectFrom("shipping_table_rows").select("id").limit(1).executeTakeFirst()
      if (existing) return false
      await insertShippingTableRows(trx, DEMO_SHIPPING_TABLE)
      return true
    })
}
