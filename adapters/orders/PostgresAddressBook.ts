import { Effect, Layer } from "effect"
import type { Selectable } from "kysely"
import { sql } from "kysely"
import { AddressBook, type SavedAddress } from "../../application/ports/AddressBook"
import { MAX_ADDRESSES } from "../../domain/orders/address"
import type { UF } from "../../domain/shipping/postal"
import { Db } from "../db/DatabaseService"
import type { AddressesTable } from "../db/tables/orders"
import { inTransaction, withExecutor } from "../db/transaction"

const toAddress = (r: Selectable<AddressesTable>): SavedAddress => ({
  id: r.id,
  name: r.name,
  street: r.street,
  number: r.number,
  complement: r.complement,
  neighborhood: r.neighborhood,
  city: r.city,
  state: r.state as UF,
  zipCode: r.zip_code,
  isDefault: r.is_default,
})

export const PostgresAddressBookLayer = Layer.effect(
  AddressBook,
  Effect.gen(function* () {
    const { db } = yield* Db
    return AddressBook.of({
      list: (userId) =>
        withExecutor(db, async (executor) =>
          (
            await executor
              .selectFrom("addresses")
              .selectAll()
              .where("user_id", "=", userId)
              .orderBy("is_default", "desc")
              .orderBy("created_at")
              .execute()
          ).map(toAddress),
        ),
      get: (userId, id) =>
        withExecutor(db, async (executor) => {
          if (!/^[0-9a-f-]{36}$/i.test(id)) return null
          const row = await executor
            .selectFrom("addresses")
            .selectAll()
            .where("user_id", "=", userId)
            .where("id", "=", id)
            .executeTakeFirst()
          return row ? toAddress(row) : null
        }),
      save: (userId, address, options) =>
        inTransaction(db, async (trx) => {
          await sql`select pg_advisory_xact_lock(hashtext(${`addresses:${userId}`}))`.execute(trx)
          const existing = await trx
            .selectFrom("addresses")
            .select(["id", "is_default"])
            .where("user_id", "=", userId)
            .execute()
          if (options.id && !existing.some((a) => a.id === options.id)) return null
          if (!options.id && existing.length >= MAX_ADDRESSES) return null
          const makeDefault =
            options.makeDefault ||
            existing.length === 0 ||
            (existing.length === 1 && options.id !== undefined)
          if (makeDefault)
            await trx
              .updateTable("addresses")
              .set({ is_default: false })
              .where("user_id", "=", userId)
              .execute()
          const values = {
            name: address.name,
            street: address.street,
            number: address.number,
            complement: address.complement,
            neighborhood: address.neighborhood,
            city: address.city,
            state: address.state,
            zip_code: address.zipCode,
            ...(makeDefault ? { is_default: true } : {}),
          }
          const row = options.id
            ? await trx
                .updateTable("addresses")
                .set(values)
                .where("id", "=", options.id)
                .where("user_id", "=", userId)
                .returningAll()
                .executeTakeFirstOrThrow()
            : await trx
                .insertInto("addresses")
                .values({ ...values, user_id: userId })
                .returningAll()
                .executeTakeFirstOrThrow()
          return toAddress(row)
        }),
      remove: (userId, id) =>
        inTransaction(db, async (trx) => {
          if (!/^[0-9a-f-]{36}$/i.test(id)) return false
          const removed = await trx
            .deleteFrom("addresses")
            .where("user_id", "=", userId)
            .where("id", "=", id)
            .returning("is_default")
            .executeTakeFirst()
          if (!removed) return false
          // The oldest remaining address becomes the default, so there always is one.
          if (removed.is_default)
            await sql`update addresses set is_default = true where id = (
              select id from addresses where user_id = ${userId} order by created_at limit 1)`.execute(trx)
          return true
        }),
    })
  }),
)
