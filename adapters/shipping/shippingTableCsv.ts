import { Effect, Layer } from "effect"
import type { Kysely } from "kysely"
import { ShippingTableImport } from "../../application/ports/ShippingTableImport"
import { parseReaisToCents } from "../../domain/money"
import { Db } from "../db/DatabaseService"
import type { Database } from "../db/schema"
import { inTransaction } from "../db/transaction"
import {
  insertShippingTableRows,
  SHIPPING_SERVICES,
  type ShippingService,
  type ShippingTableRow,
  withShippingTable,
} from "./ShippingTable"

export const SHIPPING_TABLE_CSV_HEADER = [
  "servico",
  "cep_origem",
  "cep_inicio",
  "cep_fim",
  "peso_min_g",
  "peso_max_g",
  "preco",
  "prazo_min",
  "prazo_max",
] as const

/** Splits one line, honouring double quotes (so "25,90" may hold the decimal comma) and "" escapes. */
function splitCsvLine(line: string, delimiter: string): string[] | null {
  const fields: string[] = []
  let field = ""
  let quoted = false
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        field += '"'
        i++
      } else if (ch === '"') quoted = false
      else field += ch
    } else if (ch === '"') quoted = true
    else if (ch === delimiter) {
      fields.push(field.trim())
      field = ""
    } else field += ch
  }
  if (quoted) return null
  fields.push(field.trim())
  return fields
}

function parseCep(raw: string): string | null {
  const digits = raw.replace(/[\s.-]/g, "")
  return /^\d{8}$/.test(digits) ? digits : null
}

function parseCount(raw: string): number | null {
  return /^\d{1,9}$/.test(raw) ? Number(raw) : null
}

type Parsed = { row: ShippingTableRow } | { error: string }

function parseRow(fields: readonly string[]): Parsed {
  if (fields.length !== SHIPPING_TABLE_CSV_HEADER.length)
    return { error: `esperadas ${SHIPPING_TABLE_CSV_HEADER.length} colunas, encontradas ${fields.length}` }
  const [serviceRaw, originRaw, startRaw, endRaw, minGRaw, maxGRaw, priceRaw, minDaysRaw, maxDaysRaw] =
    fields as [string, string, string, string, string, string, string, string, string]
  const service = serviceRaw.toUpperCase()
  if (!(SHIPPING_SERVICES as readonly string[]).includes(service))
    return { error: `serviço "${serviceRaw}" inválido (use PAC ou SEDEX)` }
  const originCep = parseCep(originRaw)
  if (!originCep) return { error: `CEP de origem "${originRaw}" inválido` }
  const cepStart = parseCep(startRaw)
  if (!cepStart) return { error: `CEP inicial "${startRaw}" inválido` }
  const cepEnd = parseCep(endRaw)
  if (!cepEnd) return { error: `CEP final "${endRaw}" inválido` }
  if (cepStart > cepEnd) return { error: "o CEP inicial é maior que o CEP final" }
  const weightMinG = parseCount(minGRaw)
  if (weightMinG === null) return { error: `peso mínimo "${minGRaw}" inválido (gramas, número inteiro)` }
  const weightMaxG = parseCount(maxGRaw)
  if (weightMaxG === null) return { error: `peso máximo "${maxGRaw}" inválido (gramas, número inteiro)` }
  if (weightMinG > weightMaxG) return { error: "o peso mínimo é maior que o peso máximo" }
  const priceCents = parseReaisToCents(priceRaw)
  if (priceCents === null) return { error: `preço "${priceRaw}" inválido (ex.: 25,90)` }
  const minDays = parseCount(minDaysRaw)
  if (minDays === null) return { error: `prazo mínimo "${minDaysRaw}" inválido (dias, número inteiro)` }
  const maxDays = parseCount(maxDaysRaw)
  if (maxDays === null) return { error: `prazo máximo "${maxDaysRaw}" inválido (dias, número inteiro)` }
  if (minDays > maxDays) return { error: "o prazo mínimo é maior que o prazo máximo" }
  return {
    row: {
      service: service as ShippingService,
      originCep,
      cepStart,
      cepEnd,
      weightMinG,
      weightMaxG,
      priceCents,
      minDays,
      maxDays,
    },
  }
}

/**
 * Reads the table an operator exports from a spreadsheet: comma- or semicolon-separated, header first,
 * prices as "25,90" (quoted when commas separate fields) or "25.90", CEPs with or without the hyphen.
 * Blank lines are skipped; every bad line is reported with its number and the good ones are kept.
 */
export function parseShippingTableCsv(text: string): { rows: ShippingTableRow[]; errors: string[] } {
  const lines = text.replace(/^\uFEFF/, "").split(/\r\n|\r|\n/)
  const headerIndex = lines.findIndex((l) => l.trim() !== "")
  if (headerIndex < 0) return { rows: [], errors: ["Arquivo vazio: falta o cabeçalho."] }
  const headerLine = lines[headerIndex]!
  const delimiter = headerLine.includes(";") && !headerLine.includes(",") ? ";" : ","
  const header = splitCsvLine(headerLine, delimiter)?.map((h) => h.toLowerCase())
  if (header?.join(",") !== SHIPPING_TABLE_CSV_HEADER.join(","))
    return {
      rows: [],
      errors: [
        `Linha ${headerIndex + 1}: cabeçalho inválido; esperado "${SHIPPING_TABLE_CSV_HEADER.join(",")}".`,
      ],
    }

  const rows: ShippingTableRow[] = []
  const errors: string[] = []
  lines.forEach((line, index) => {
    if (index <= headerIndex || line.trim() === "") return
    const fields = splitCsvLine(line, delimiter)
    const parsed: Parsed = fields ? parseRow(fields) : { error: "aspas não fechadas" }
    if ("row" in parsed) rows.push(parsed.row)
    else errors.push(`Linha ${index + 1}: ${parsed.error}.`)
  })
  return { rows, errors }
}

/**
 * Stores the rows in one transaction. `replace: true` first empties the whole table (the file becomes the
 * table); `replace: false` adds the rows to what is there. Returns how many rows were inserted.
 */
export async function loadShippingTable(
  db: Kysely<Database>,
  rows: readonly ShippingTableRow[],
  options: { replace: boolean },
): Promise<number> {
  return withShippingTable(db)
    .transaction()
    .execute(async (trx) => {
      if (options.replace) await trx.deleteFrom("shipping_table_rows").execute()
      return insertShippingTableRows(trx, rows)
    })
}

/**
 * The settings screen's upload: the file becomes the whole table in one transaction (joining the caller's unit
 * of work), or, with any bad line, nothing changes and every bad line is reported.
 */
export const ShippingTableImportLayer = Layer.effect(
  ShippingTableImport,
  Effect.gen(function* () {
    const { db } = yield* Db
    return ShippingTableImport.of({
      replaceFromCsv: (text) => {
        const { rows, errors } = parseShippingTableCsv(text)
        if (errors.length > 0 || rows.length === 0)
          return Effect.succeed({
            imported: 0,
            refused: errors.length > 0 ? errors : ["O arquivo não tem nenhuma faixa de frete."],
          })
        return inTransaction(db, async (trx) => {
          await trx.deleteFrom("shipping_table_rows").execute()
          return insertShippingTableRows(withShippingTable(trx), rows)
        }).pipe(Effect.map((imported) => ({ imported, refused: [] })))
      },
    })
  }),
)
