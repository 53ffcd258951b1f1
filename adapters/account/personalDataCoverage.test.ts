import { sql } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { migrated, type TestDatabase, testDatabases } from "../../tests/support/databases"
import type { DatabaseHandle } from "../db/connect"
import { EXPORTED_USER_COLUMNS, NOT_EXPORTED_USER_COLUMNS } from "./personalDataCoverage"

const databases = await testDatabases()

/** A column named for a person: user_id, userId, from_user_id, author_id, follower_id... */
const NAMED_LIKE_A_USER = /(^|_)(user|author|actor|customer|collector|follower|followee|profile)_?id$/i

describe.each(databases)("the LGPD export's coverage of the schema on $name", (database: TestDatabase) => {
  let handle: DatabaseHandle
  let personColumns: string[]
  beforeAll(async () => {
    handle = await migrated(database)
    // Each column of the public schema, with the table its foreign key points at, if any.
    const { rows } = await sql<{ table_name: string; column_name: string; references: string | null }>`
      select c.table_name, c.column_name, target.table_name as references
      from information_schema.columns c
      left join information_schema.key_column_usage k
        on k.table_schema = c.table_schema and k.table_name = c.table_name and k.column_name = c.column_name
      left join information_schema.referential_constraints r
        on r.constraint_schema = k.constraint_schema and r.constraint_name = k.constraint_name
      left join information_schema.constraint_column_usage target
        on target.constraint_schema = r.unique_constraint_schema
        and target.constraint_name = r.unique_constraint_name
      where c.table_schema = 'public'`.execute(handle.db)
    personColumns = [
      ...new Set(
        rows
          .filter(
            (r) =>
              r.table_name !== "auth_user" &&
              (r.references === "auth_user" || NAMED_LIKE_A_USER.test(r.column_name)),
          )
          .map((r) => `${r.table_name}.${r.column_name}`),
      ),
    ].sort()
  })
  afterAll(async () => {
    await handle?.close()
    await database.dispose()
  })

  it("finds the columns that tie a row to a person", () => {
    expect(personColumns).toEqual(expect.arrayContaining(["addresses.user_id", "auth_session.userId"]))
  })

  it("exports every table holding a user's id, or says in pt-BR and English why not", () => {
    const unaccounted = personColumns.filter(
      (column) => !(column in EXPORTED_USER_COLUMNS) && !(column in NOT_EXPORTED_USER_COLUMNS),
    )
    expect(unaccounted, "export these columns' rows in AccountData, or exclude them with a reason").toEqual(
      [],
    )
  })

  it("lists no column twice and none the schema no longer has", () => {
    const listed = [...Object.keys(EXPORTED_USER_COLUMNS), ...Object.keys(NOT_EXPORTED_USER_COLUMNS)]
    expect(
      listed.filter((column) => column in EXPORTED_USER_COLUMNS && column in NOT_EXPORTED_USER_COLUMNS),
    ).toEqual([])
    expect(listed.filter((column) => !personColumns.includes(column))).toEqual([])
  })

  it("gives every exclusion a reason in both languages", () => {
    for (const reason of Object.values(NOT_EXPORTED_USER_COLUMNS)) {
      expect(reason.pt.length).toBeGreaterThan(20)
      expect(reason.en.length).toBeGreaterThan(20)
    }
  })
})
