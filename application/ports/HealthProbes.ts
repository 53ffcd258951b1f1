import { Context, Data, type Effect } from "effect"
import type { ServiceName } from "../../domain/serviceHealth"

/** The dependency did not answer its probe; `reason` is short and safe to log (no credentials, no addresses). */
export class ProbeFailed extends Data.TaggedError("ProbeFailed")<{ readonly reason: string }> {}

export interface HealthProbe {
  readonly service: ServiceName
  /**
   * The cheapest call that proves the dependency answers; "degraded" when it answered only through a
   * fallback (Melhor Envio down, the Correios table answering).
   */
  readonly check: Effect.Effect<"ok" | "degraded", ProbeFailed>
}

/** One active check per service the support page shows, chosen by how the store is configured. */
export class HealthProbes extends Context.Service<
  HealthProbes,
  { readonly probes: readonly HealthProbe[] }
>()("store/application/HealthProbes") {}
