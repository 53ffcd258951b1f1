import { EDITION_LIMIT_MAX } from "../../domain/editions/editionLimit"

/**
 * A suite's journeys buy this month's numbered editions again and again with one customer; the demo's one unit
 * per collector (checked by the seed's and the limits' own tests) would refuse the second journey. The editions
 * keep a limit, the largest, so the product page still says it. `run` is the database's query.
 */
export const allowRepeatPurchases = (run: (text: string, params: unknown[]) => Promise<unknown>) =>
  run("update collection_products set collector_limit = $1 where collector_limit is not null", [
    EDITION_LIMIT_MAX,
  ])
