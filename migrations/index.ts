import type { Migration } from "kysely"
import * as catalog from "./20261121000001_catalog"

/** Every migration, by name; a static map so the server bundle carries them without reading a folder. */
export const migrations: Record<string, Migration> = {
  "20261121000001_catalog": catalog,
}
