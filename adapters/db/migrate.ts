import { type Kysely, type MigrationResultSet, Migrator } from "kysely"
import { migrations } from "../../migrations"

export async function migrateToLatest(db: Kysely<any>): Promise<MigrationResultSet> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } })
  const result = await migrator.migrateToLatest()
  if (result.error) throw result.error
  return result
}

export async function migrateDownAll(db: Kysely<any>): Promise<void> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } })
  for (;;) {
    const { error, results } = await migrator.migrateDown()
    if (error) throw error
    if (!results || results.length === 0) return
  }
}
