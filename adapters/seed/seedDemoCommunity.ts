import { createHash } from "node:crypto"
import { type Kysely, sql } from "kysely"
import type { Database } from "../db/schema"

/** Where demo collectors' (password-less) accounts live: nobody signs in as them. */
export const DEMO_COLLECTOR_EMAIL_DOMAIN = "colecionadores.demo.legendarium.com.br"

interface DemoCollector {
  readonly key: string
  readonly name: string
  /** A saved public profile, or none (the ranking then shows "first name + initial"). */
  readonly profile: {
    username: string
    displayName: string
    bio: string
    location: string
    isPrivate?: boolean
    isVerified?: boolean
  } | null
  /** Months ago of each paid order (one character each): consecutive months make a streak. */
  readonly ordersMonthsAgo: readonly number[]
}

const COLLECTORS: readonly DemoCollector[] = [
  {
    key: "marina",
    name: "Marina Tavares",
    profile: {
      username: "marina_coleciona",
      displayName: "Marina Tavares",
      bio: "Apaixonada por fantasia e ficção científica. Estante cheia, coração também.",
      location: "Belo Horizonte, MG",
      isVerified: true,
    },
    ordersMonthsAgo: [0, 0, 1, 2, 3, 4],
  },
  {
    key: "rafael",
    name: "Rafael Nogueira",
    profile: {
      username: "rafa_herois",
      displayName: "Rafa Nogueira",
      bio: "Heróis desde sempre.",
      location: "Recife, PE",
    },
    ordersMonthsAgo: [0, 1, 2, 2],
  },
  {
    key: "beatriz",
    name: "Beatriz Lima",
    profile: {
      username: "bia_animes",
      displayName: "Bia Lima",
      bio: "Anime é vida.",
      location: "Curitiba, PR",
    },
    ordersMonthsAgo: [1, 3],
  },
  { key: "joao", name: "João Pedro Alves", profile: null, ordersMonthsAgo: [0, 2] },
  {
    key: "carla",
    name: "Carla Mendes",
    profile: {
      username: "carla_m",
      displayName: "Carla Mendes",
      bio: "",
      location: "",
      isPrivate: true,
    },
    ordersMonthsAgo: [0, 1],
  },
]

const DAY = 24 * 60 * 60_000
const address = {
  name: "Colecionador Demonstração",
  street: "Avenida Paulista",
  number: "1000",
  complement: "",
  neighborhood: "Bela Vista",
  city: "São Paulo",
  state: "SP",
  zipCode: "01310200",
}
const shipping = { optionId: "table:pac", name: "PAC", provider: "Tabela", price: 0, days: 8 }
const idOf = (text: string) => {
  const h = createHash("sha1").update(text).digest("hex")
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`
}

/**
 * A handful of collectors for a newcomer's store, so /ranking and the profiles are not empty: accounts without
 * a password, their saved profiles and paid orders of released characters, as checkout leaves them. Their
 * pieces, points and figures are NOT written here: the community backfill replays these orders through the
 * ledger handler, like any order paid before the community existed. Only into a store without collectors.
 * Returns how many collectors it created.
 */
export async function seedDemoCommunity(db: Kysely<Database>, now: number): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(727002)`.execute(trx)
    const ranked = await trx.selectFrom("collector_stats").select("user_id").limit(1).executeTakeFirst()
    const seeded = await trx
      .selectFrom("auth_user")
      .select("id")
      .where("email", "like", `%@${DEMO_COLLECTOR_EMAIL_DOMAIN}`)
      .limit(1)
      .executeTakeFirst()
    if (ranked || seeded) return 0
    const products = await trx
      .selectFrom("collection_products as p")
      .innerJoin("legendarium_collections as c", "c.id", "p.collection_id")
      .where("p.is_active", "=", true)
      .where("p.reveal_at", "<=", new Date(now))
      .select([
        "p.id",
        "p.name",
        "p.collection_id",
        "c.name as collection_name",
        "p.image_url",
        "p.price_cents",
      ])
      .orderBy("p.reveal_at", "desc")
      .orderBy("p.id")
      .execute()
    if (products.length === 0) return 0
    let n = 0
    for (const [i, collector] of COLLECTORS.entries()) {
      const userId = `demo-collector-${collector.key}`
      const joined = new Date(now - (200 + i * 30) * DAY)
      await trx
        .insertInto("auth_user")
        .values({
          id: userId,
          name: collector.name,
          email: `${collector.key}@${DEMO_COLLECTOR_EMAIL_DOMAIN}`,
          emailVerified: true,
          image: null,
          createdAt: joined,
          updatedAt: joined,
          role: null,
          appRole: null,
        })
        .execute()
      if (collector.profile)
        await trx
          .insertInto("collector_profiles")
          .values({
            user_id: userId,
            username: collector.profile.username,
            display_name: collector.profile.displayName,
            bio: collector.profile.bio,
            location: collector.profile.location,
            is_private: collector.profile.isPrivate ?? false,
            is_verified: collector.profile.isVerified ?? false,
            created_at: joined,
            updated_at: joined,
          })
          .execute()
      for (const [j, monthsAgo] of collector.ordersMonthsAgo.entries()) {
        const product = products[(i * 3 + j) % products.length]
        if (!product) continue
        n++
        // Never today: the admin's "today" figures stay those of real orders.
        const paidAt = new Date(now - (monthsAgo * 30 + 2) * DAY - j * 60_000)
        const id = idOf(`demo-order:${collector.key}:${j}`)
        const price = product.price_cents ?? 29_990
        await trx
          .insertInto("orders")
          .values({
            id,
            number: `LG-DEMO-${String(n).padStart(4, "0")}`,
            tracking_code: `DEMO${String(n).padStart(6, "0")}`,
            user_id: userId,
            idempotency_key: `demo-${id}`,
            kind: "purchase",
            status: "paid",
            subtotal_cents: price,
            discount_cents: 0,
            shipping_cents: 0,
            total_cents: price,
            coupon_id: null,
            coupon_code: null,
            shipping: JSON.stringify(shipping),
            address: JSON.stringify(address),
            cpf: "52998224725",
            fulfilment_status: "delivered",
            current_attempt_id: null,
            paid_attempt_id: null,
            placed_at: paidAt,
            paid_at: paidAt,
            pay_by: paidAt,
            updated_at: paidAt,
          })
          .execute()
        await trx
          .insertInto("order_lines")
          .values({
            order_id: id,
            position: 0,
            product_id: product.id,
            name: product.name,
            collection_id: product.collection_id,
            collection_name: product.collection_name,
            image_url: product.image_url,
            unit_price_cents: price,
            quantity: 1,
            edition_size: null,
            serials: "[]",
          })
          .execute()
      }
    }
    return COLLECTORS.length
  })
}
