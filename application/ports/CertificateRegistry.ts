import { Context, type Effect } from "effect"
import type { Certificate } from "../../domain/fulfilment/certificate"

/** Certificates of authenticity of numbered units, found by their unguessable code (a public page). */
export class CertificateRegistry extends Context.Service<
  CertificateRegistry,
  {
    /** Stores the certificates of units that have none yet; a unit certified before keeps its code. */
    issue(certificates: readonly Certificate[]): Effect.Effect<void>
    byCode(code: string): Effect.Effect<Certificate | null>
    forOrder(orderId: string): Effect.Effect<readonly Certificate[]>
    /** The order was cancelled, refunded or returned: its units' certificates stop vouching for the owner. */
    revokeForOrder(orderId: string, at: number): Effect.Effect<void>
  }
>()("store/application/CertificateRegistry") {}
