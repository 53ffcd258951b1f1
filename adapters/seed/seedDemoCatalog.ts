import { createHash, randomUUID } from "node:crypto"
import { type Kysely, sql } from "kysely"
import { addMonths, daysInMonth, toSaoPauloCivil } from "../../domain/calendar"
import { DEFAULT_NUMBERED_EDITION_LIMIT } from "../../domain/editions/editionLimit"
import { CATEGORY_PRICES, type ThemeKey } from "../../domain/pricing/collectionPrice"
import { editionDates, monthlyRevealDate } from "../../domain/shipping/schedule"
import { mysteryImageUrl } from "../catalog/rows"
import type { Database } from "../db/schema"
import { type ArtworkInput, renderArtworkSvg } from "../media/artwork"
import { DEMO_COLLECTIONS, DEMO_COUPONS, DEMO_EDITION_SIZES } from "./demoContent"

/**
 * How many months before the current one each collection's schedule starts, so that released,
 * current-month and upcoming characters all exist in every collection whenever the store starts.
 */
const MONTHS_BEFORE = [5, 3, 7, 2, 6, 4, 8]

const iso = (d: { year: number; month: number; day: number }) =>
  `${d.year}-${String(d.month).padStart(2, "0")}-${String(d.day).padStart(2, "0")}`

function svgAsset(input: ArtworkInput) {
  const svg = renderArtworkSvg(input)
  const body = new TextEncoder().encode(svg)
  return {
    content_type: "image/svg+xml",
    body,
    etag: `"${createHash("sha1").update(body).digest("base64url").slice(0, 16)}"`,
  }
}

/** Fills an empty catalogue with the demo collections, scheduled around `now`. Returns false when data exists. */
export async function seedDemoCatalog(db: Kysely<Database>, now: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    // Serialises concurrent seeders (several instances starting at once on one PostgreSQL).
    await sql`select pg_advisory_xact_lock(727001)`.execute(trx)
    const existing = await trx.selectFrom("legendarium_collections").select("id").limit(1).executeTakeFirst()
    if (existing) return false

    await trx
      .insertInto("category_prices")
      .values(
        (Object.entries(CATEGORY_PRICES) as [ThemeKey, (typeof CATEGORY_PRICES)[ThemeKey]][]).map(
          ([category, p]) => ({
            category,
            price_cents: p.price,
            label: p.label,
            description: p.description,
            tier: p.tier,
          }),
        ),
      )
      .onConflict((oc) => oc.column("category").doNothing())
      .execute()

    const today = toSaoPauloCivil(now)
    for (const [index, demo] of DEMO_COLLECTIONS.entries()) {
      const monthsBefore = MONTHS_BEFORE[index % MONTHS_BEFORE.length] ?? 4
      const first = addMonths(today, -monthsBefore)
      const last = addMonths(first, demo.characters.length - 1)
      const coverKey = `cover-${demo.slug}.svg`
      const mysteryKey = mysteryImageUrl(demo.slug).replace("/media/", "")
      const assets = [
        {
          key: coverKey,
          ...svgAsset({
            title: demo.name,
            subtitle: demo.tagline,
            palette: demo.palette,
            motif: demo.characters[0]?.motif ?? "star",
            seed: demo.slug,
            variant: "cover",
          }),
        },
        {
          key: mysteryKey,
          ...svgAsset({
            title: demo.name,
            palette: demo.palette,
            motif: "star",
            seed: `${demo.slug}-mystery`,
            variant: "mystery",
          }),
        },
      ]
      const collection = await trx
        .insertInto("legendarium_collections")
        .values({
          slug: demo.slug,
          name: demo.name,
          theme: demo.theme,
          description: demo.description,
          tagline: demo.tagline,
          price_cents: null,
          final_price_cents: null,
          price_per_box_cents: null,
          is_active: true,
          is_featured: demo.isFeatured,
          reveal_date: iso(monthlyRevealDate(first)),
          start_date: iso({ ...first, day: 1 }),
          end_date: iso({ ...last, day: daysInMonth(last.year, last.month) }),
          edition_year: first.year,
          edition_month: first.month,
          image_url: `/media/${coverKey}`,
          teaser_image_url: `/media/${mysteryKey}`,
          preview_image_url: null,
          display_order: index + 1,
          metadata: JSON.stringify({ demo: true }),
        })
        .returning("id")
        .executeTakeFirstOrThrow()

      const products = demo.characters.map((c, i) => {
        const edition = addMonths(first, i)
        const dates = editionDates(edition)
        // Never named for the character: a guessed file name would tell a name before its reveal.
        const key = `character-${randomUUID()}.svg`
        assets.push({
          key,
          ...svgAsset({
            title: c.name,
            subtitle: demo.name,
            palette: c.palette,
            motif: c.motif,
            seed: `${demo.slug}/${c.slug}`,
            variant: "character",
          }),
        })
        return {
          collection_id: collection.id,
          slug: c.slug,
          name: c.name,
          description: c.description,
          image_url: `/media/${key}`,
          display_month: edition.month,
          edition_year: edition.year,
          display_order: i + 1,
          rarity: c.rarity,
          universe: c.universe,
          stats: JSON.stringify(c.stats),
          abilities: JSON.stringify(c.abilities),
          hints: JSON.stringify(c.hints),
          teaser_at: new Date(dates.teaserAt),
          preview_at: new Date(dates.previewAt),
          reveal_at: new Date(dates.revealAt),
          price_cents: null,
          // The month's character (index `monthsBefore`) and the mythic ones are numbered editions.
          edition_size:
            i === monthsBefore
              ? DEMO_EDITION_SIZES.monthly
              : c.rarity === "mythic"
                ? DEMO_EDITION_SIZES.mythic
                : null,
          collector_limit:
            i === monthsBefore || c.rarity === "mythic" ? DEFAULT_NUMBERED_EDITION_LIMIT : null,
          scale: c.scale,
          details: `Estátua em resina premium na escala ${c.scale}, com ${c.heightCm} cm de altura, pintada à mão e acompanhada de base temática numerada.`,
          metadata: JSON.stringify({ franchise: demo.name }),
        }
      })
      await trx.insertInto("collection_products").values(products).execute()
      await trx
        .insertInto("media_assets")
        .values(assets)
        .onConflict((oc) => oc.column("key").doNothing())
        .execute()
    }
    return true
  })
}

/**
 * Adds the demo coupons that are missing (BEMVINDO10, FRETEGRATIS, LENDARIO50), valid from `now` with no end;
 * a coupon already there, edited or used, is left as it is. Returns how many were added.
 */
export async function seedDemoCoupons(db: Kysely<Database>, now: number): Promise<number> {
  const added = await db
    .insertInto("coupons")
    .values(DEMO_COUPONS.map((c) => ({ ...c, valid_from: new Date(now), valid_until: null })))
    .onConflict((oc) => oc.column("code").doNothing())
    .returning("code")
    .execute()
  return added.length
}
