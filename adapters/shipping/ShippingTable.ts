import { Effect, Layer } from "effect"
import type { Kysely } from "kysely"
import {
  type ShippingQuoteSourceShape,
  ShippingQuoteSources,
} from "../../application/ports/ShippingQuoteSource"
import type { Cents } from "../../domain/money"
import { chargeableWeightKg } from "../../domain/shipping/parcel"
import { roundedMeanDays, type ShippingOption } from "../../domain/shipping/shipping"
import { Db, query } from "../db/DatabaseService"
import type { Database } from "../db/schema"
import type { ShippingTableRowsTable } from "../db/tables/shipping"
import { cachedSource } from "./cachedSources"
import { type MelhorEnvioOptions, melhorEnvioSource } from "./MelhorEnvio"

export type ShippingService = "PAC" | "SEDEX"
export const SHIPPING_SERVICES: readonly ShippingService[] = ["PAC", "SEDEX"]

/** One row of the store's Correios table, CEPs as 8 digits and weights in grams (both bounds inclusive). */
export interface ShippingTableRow {
  readonly service: ShippingService
  readonly originCep: string
  readonly cepStart: string
  readonly cepEnd: string
  readonly weightMinG: number
  readonly weightMaxG: number
  readonly priceCents: Cents
  readonly minDays: number
  readonly maxDays: number
}

export const SHIPPING_TABLE_SOURCE = "Tabela oficial"
export const SHIPPING_TABLE_PROVIDER = "Correios"

/** Kysely view of the database that includes the table whether or not schema.ts lists it yet. */
export type ShippingDatabase = Kysely<Database & { shipping_table_rows: ShippingTableRowsTable }>
export const withShippingTable = (db: Kysely<Database>): ShippingDatabase =>
  db.withTables<{ shipping_table_rows: ShippingTableRowsTable }>()

/** Whole grams, from the weight Correios bills (the larger of real and volumetric). */
export function chargeableGrams(kg: number): number {
  return Math.ceil(Math.round(kg * 1_000_000) / 1000)
}

const OPTION_OF: Record<ShippingService, { id: string; name: string }> = {
  PAC: { id: "table-pac", name: "PAC" },
  SEDEX: { id: "table-sedex", name: "SEDEX" },
}

/** Inserts in batches, well under PostgreSQL's limit of 65535 parameters per statement. */
export async function insertShippingTableRows(
  db: ShippingDatabase,
  rows: readonly ShippingTableRow[],
): Promise<number> {
  for (let i = 0; i < rows.length; i += 1000) {
    await db
      .insertInto("shipping_table_rows")
      .values(
        rows.slice(i, i + 1000).map((r) => ({
          service: r.service,
          origin_cep: r.originCep,
          cep_start: r.cepStart,
          cep_end: r.cepEnd,
          weight_min_g: r.weightMinG,
          weight_max_g: r.weightMaxG,
          price_cents: r.priceCents,
          min_days: r.minDays,
          max_days: r.maxDays,
        })),
      )
      .execute()
  }
  return rows.length
}

/**
 * Quotes from the table: for the origin, the rows whose CEP range holds the destination and whose weight
 * band holds the chargeable weight; the cheapest row per service wins. A database failure is a defect.
 */
export function shippingTableSource(database: Kysely<Database>): ShippingQuoteSourceShape {
  const db = withShippingTable(database)
  return {
    name: SHIPPING_TABLE_SOURCE,
    quote: (request) => {
      const destination = request.destinationCep.replace("-", "")
      const origin = request.originCep.replace("-", "")
      if (!/^\d{8}$/.test(destination) || !/^\d{8}$/.test(origin)) return Effect.succeed([])
      const grams = chargeableGrams(chargeableWeightKg(request.parcel))
      return query(() =>
        db
          .selectFrom("shipping_table_rows")
          .select(["service", "price_cents", "min_days", "max_days"])
          .where("origin_cep", "=", origin)
          .where("cep_start", "<=", destination)
          .where("cep_end", ">=", destination)
          .where("weight_min_g", "<=", grams)
          .where("weight_max_g", ">=", grams)
          .orderBy("price_cents")
          .orderBy("max_days")
          .orderBy("id")
          .execute(),
      ).pipe(
        Effect.map((rows) =>
          SHIPPING_SERVICES.flatMap((service): ShippingOption[] => {
            const cheapest = rows.find((r) => r.service === service)
            if (!cheapest) return []
            return [
              {
                ...OPTION_OF[service],
                price: cheapest.price_cents,
                days: roundedMeanDays(cheapest.min_days, cheapest.max_days),
                provider: SHIPPING_TABLE_PROVIDER,
              },
            ]
          }),
        ),
      )
    },
  }
}

/**
 * The quote sources in order: Melhor Envio when configured (null leaves it out), then the official table.
 * Needs the Db service.
 */
export const ShippingQuoteSourcesLayer = (melhorEnvio: MelhorEnvioOptions | null, cacheMs = 5 * 60_000) =>
  Layer.effect(
    ShippingQuoteSources,
    Effect.gen(function* () {
      const { db } = yield* Db
      const sources = [...(melhorEnvio ? [melhorEnvioSource(melhorEnvio)] : []), shippingTableSource(db)]
      return ShippingQuoteSources.of({ sources: sources.map((s) => cachedSource(s, cacheMs)) })
    }),
  )
