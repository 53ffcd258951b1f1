import { Context, type Effect } from "effect"
import type { HealthBucket, HealthSample } from "../../domain/serviceHealth"

/**
 * The measurements the system status rests on: every instance records its calls (aggregated per minute in
 * memory, written in batches), and the status reads the buckets every instance wrote.
 */
export class ServiceHealthLog extends Context.Service<
  ServiceHealthLog,
  {
    /** Counts one call; cheap enough to run on every database query. Never fails. */
    record(sample: HealthSample): Effect.Effect<void>
    /** Writes what this instance counted so far (it also does so on its own every few seconds). */
    flush(): Effect.Effect<void>
    /** The stored buckets from `since` on (epoch ms), from every instance. */
    bucketsSince(since: number): Effect.Effect<readonly HealthBucket[]>
    /** Deletes buckets older than `before`; answers how many. */
    purge(before: number): Effect.Effect<number>
  }
>()("store/application/ServiceHealthLog") {}
