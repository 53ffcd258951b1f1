import { Effect, Layer } from "effect"
import { sql } from "kysely"
import { HealthProbes, ProbeFailed } from "../../application/ports/HealthProbes"
import { PaymentGateway } from "../../application/ports/PaymentGateway"
import type { QuoteRequest, ShippingQuoteSourceShape } from "../../application/ports/ShippingQuoteSource"
import { DEFAULT_PARCEL } from "../../domain/shipping/parcel"
import { Db } from "../db/DatabaseService"
import { smtpProbe } from "../mail/SmtpMailer"
import { type MelhorEnvioOptions, melhorEnvioSource } from "../shipping/MelhorEnvio"
import { shippingTableSource } from "../shipping/ShippingTable"

/** A fixed, anonymous route (Sé, São Paulo → Centro, Rio de Janeiro) and one figure's box. */
const REFERENCE_QUOTE: QuoteRequest = {
  originCep: "01001000",
  destinationCep: "20040002",
  parcel: DEFAULT_PARCEL,
  insuranceValue: 29_990,
}
/** A figure's price: the installment table Mercado Pago answers for it is its cheapest read. */
const REFERENCE_AMOUNT = 29_990

const failed = (reason: string) => new ProbeFailed({ reason: reason.slice(0, 300) })
const dbCheck = (run: () => Promise<unknown>) =>
  Effect.tryPromise({ try: run, catch: (error) => failed(`banco de dados: ${String(error).slice(0, 200)}`) })

export interface ProbeOptions {
  /** Melhor Envio when configured; null when quotes come from the Correios table only. */
  readonly melhorEnvio: MelhorEnvioOptions | null
  /** The SMTP relay when configured; null when e-mails go to the dev mailbox. */
  readonly smtpUrl: string | null
}

/**
 * The cheapest real check of each dependency, as configured. Needs `Db` and the undecorated PaymentGateway
 * (a probe is not customer traffic). The quote sources are built here again, without the quote cache that
 * would otherwise answer the probe from memory.
 */
export const HealthProbesLayer = (options: ProbeOptions) =>
  Layer.effect(
    HealthProbes,
    Effect.gen(function* () {
      const { db } = yield* Db
      const gateway = yield* PaymentGateway

      const site = dbCheck(() => sql`select 1`.execute(db))

      // Mercado Pago: GET /v1/payment_methods/installments, a read with no side effects. The sandbox answers
      // that in memory, so its probe also reads the table its bank keeps payments in.
      const payments = gateway.installments(REFERENCE_AMOUNT, null).pipe(
        Effect.mapError((e) => failed(e.reason)),
        Effect.andThen(
          gateway.name === "sandbox"
            ? dbCheck(() => db.selectFrom("sandbox_payments").select("id").limit(1).execute())
            : Effect.void,
        ),
      )

      // The same chain customers get: Melhor Envio first when configured, then the table. Melhor Envio has
      // no health endpoint; a quote is its cheapest call (free, read-only). The table answering after Melhor
      // Envio failed is a degraded pass.
      const sources: ShippingQuoteSourceShape[] = [
        ...(options.melhorEnvio ? [melhorEnvioSource(options.melhorEnvio)] : []),
        shippingTableSource(db),
      ]
      const shipping = Effect.gen(function* () {
        const reasons: string[] = []
        for (const source of sources) {
          const answered = yield* source.quote(REFERENCE_QUOTE).pipe(
            Effect.as(true),
            Effect.catch((e) =>
              Effect.sync(() => reasons.push(`${e.source}: ${e.reason}`)).pipe(Effect.as(false)),
            ),
          )
          if (answered) return reasons.length > 0 ? ("degraded" as const) : ("ok" as const)
        }
        return yield* failed(reasons.join("; "))
      })

      // SMTP: connect and authenticate without sending. The dev mailbox keeps messages in a table: reading it
      // is its real check.
      const email = options.smtpUrl
        ? smtpProbe(options.smtpUrl).pipe(Effect.mapError((e) => failed(e.reason)))
        : dbCheck(() => db.selectFrom("dev_mailbox").select("id").limit(1).execute())

      const ok = <E>(check: Effect.Effect<unknown, E>) => check.pipe(Effect.as("ok" as const))
      return HealthProbes.of({
        probes: [
          { service: "site", check: ok(site) },
          { service: "payments", check: ok(payments) },
          { service: "shipping", check: shipping },
          { service: "email", check: ok(email) },
        ],
      })
    }),
  )
