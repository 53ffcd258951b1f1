import { Effect, Layer } from "effect"
import type { Kysely, Selectable } from "kysely"
import { CertificateRegistry } from "../../application/ports/CertificateRegistry"
import { RELEASED_FULFILMENT_STATUSES } from "../../domain/editions/editionLimit"
import type { Certificate } from "../../domain/fulfilment/certificate"
import { type RevealRow, revealFactsFromRow, withRevealOf } from "../catalog/rows"
import { Db } from "../db/DatabaseService"
import type { Database } from "../db/schema"
import type { CertificatesTable } from "../db/tables/fulfilment"
import { inTransaction, withExecutor } from "../db/transaction"
import { ms } from "../orders/orderRows"

const toCertificate = (row: Selectable<CertificatesTable> & RevealRow): Certificate => ({
  code: row.code,
  orderId: row.order_id,
  productId: row.product_id,
  productName: row.product_name,
  collectionName: row.collection_name,
  serial: row.serial,
  editionSize: row.edition_size,
  issuedAt: ms(row.issued_at),
  ownerInitials: row.owner_initials,
  revokedAt: row.revoked_at ? ms(row.revoked_at) : null,
  reveal: revealFactsFromRow(row),
})

const withReveal = (executor: Kysely<Database>) =>
  withRevealOf(executor.selectFrom("certificates as k").selectAll("k"), "k.product_id")

export const PostgresCertificateRegistryLayer = Layer.effect(
  CertificateRegistry,
  Effect.gen(function* () {
    const { db } = yield* Db
    const run = <A>(body: (executor: Kysely<Database>) => Promise<A>) => withExecutor(db, body)
    return CertificateRegistry.of({
      issue: (certificates) =>
        certificates.length === 0
          ? Effect.void
          : inTransaction(db, async (executor) => {
              // The order's row is held while its certificates are written: an order that ended meanwhile (its
              // end commits under that row's lock) gets none, and one ending after sees these and revokes them.
              const live = await executor
                .selectFrom("orders")
                .select("id")
                .where("id", "in", [...new Set(certificates.map((c) => c.orderId))])
                .where((eb) =>
                  eb.or([
                    eb("fulfilment_status", "is", null),
                    eb("fulfilment_status", "not in", [...RELEASED_FULFILMENT_STATUSES]),
                  ]),
                )
                .forShare()
                .execute()
              const issuable = certificates.filter((c) => live.some((o) => o.id === c.orderId))
              if (issuable.length === 0) return
              await executor
                .insertInto("certificates")
                .values(
                  issuable.map((c) => ({
                    code: c.code,
                    order_id: c.orderId,
                    product_id: c.productId,
                    product_name: c.productName,
                    collection_name: c.collectionName,
                    serial: c.serial,
                    edition_size: c.editionSize,
                    owner_initials: c.ownerInitials,
                    issued_at: new Date(c.issuedAt),
                    revoked_at: c.revokedAt === null ? null : new Date(c.revokedAt),
                  })),
                )
                // The unit's certificate in force (a revoked one no longer holds its serial) is kept.
                .onConflict((oc) =>
                  oc.columns(["product_id", "serial"]).where("revoked_at", "is", null).doNothing(),
                )
                .execute()
            }),
      byCode: (code) =>
        run(async (executor) => {
          const row = await withReveal(executor).where("k.code", "=", code).executeTakeFirst()
          return row ? toCertificate(row) : null
        }),
      forOrder: (orderId) =>
        run(async (executor) =>
          (
            await withReveal(executor)
              .where("k.order_id", "=", orderId)
              .orderBy("k.product_name")
              .orderBy("k.serial")
              .execute()
          ).map(toCertificate),
        ),
      revokeForOrder: (orderId, at) =>
        run(async (executor) => {
          await executor
            .updateTable("certificates")
            .set({ revoked_at: new Date(at) })
            .where("order_id", "=", orderId)
            .where("revoked_at", "is", null)
            .execute()
        }),
    })
  }),
)
