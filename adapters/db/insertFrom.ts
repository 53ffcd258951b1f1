import { sql } from "kysely"

/**
 * `insert into table (columns) select values from source`: the row is written once for each row of `source`,
 * a WITH query of the same statement (none: nothing is written), so one round trip can write rows that depend
 * on another write. Selected parameters take their types from the target columns, which a VALUES list would not.
 */
export function insertFrom(table: string, row: Readonly<Record<string, unknown>>, source: string) {
  const columns = Object.keys(row)
  return sql`insert into ${sql.table(table)} (${sql.join(columns.map((c) => sql.ref(c)))}) select ${sql.join(
    columns.map((c) => sql`${row[c]}`),
  )} from ${sql.table(source)}`
}
