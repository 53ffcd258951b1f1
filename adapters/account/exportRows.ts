import { sql } from "kysely"
import type { NamedPiece } from "../../application/ports/AccountData"
import { type RevealRow, revealFactsFromRow } from "../catalog/rows"

export const iso = (d: Date | string) => new Date(d).toISOString()
export const isoOrNull = (d: Date | string | null) => (d ? iso(d) : null)

/** Some product's name and collection (`p` and `c` of `withRevealOf`), for `namedPiece`. */
export const PIECE_NAME = [
  sql<string | null>`p.name`.as("name"),
  sql<string | null>`c.name`.as("collection_name"),
] as const

/** A piece read with its reveal columns, named as the catalogue has it; exportMyData applies the reveal rule. */
export const namedPiece = (
  row: RevealRow & { name: string | null; collection_name: string | null },
): NamedPiece | null =>
  row.name === null
    ? null
    : { character: row.name, collection: row.collection_name, reveal: revealFactsFromRow(row) }
