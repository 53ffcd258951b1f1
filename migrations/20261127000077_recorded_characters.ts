import { type Kysely, sql } from "kysely"

/**
 * Orders and certificates record the character itself (the customer reads it through the reveal rule, staff
 * read it as it is). Lines bought before their reveal recorded the mystery the cart showed, and their
 * certificates copied it: they get the character's name and artwork from its product. The mystery name and
 * artwork are the catalogue's own (domain/catalog/reveal.ts, adapters/catalog/rows.ts), never a customer's text.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    update order_lines l set name = p.name, image_url = p.image_url
    from collection_products p
    where p.id = l.product_id and l.name = 'Personagem Misterioso'
  `.execute(db)
  await sql`
    update certificates k set product_name = p.name
    from collection_products p
    where p.id = k.product_id and k.product_name = 'Personagem Misterioso'
  `.execute(db)
}

export async function down(): Promise<void> {
  // The recorded names are the truth; the mystery they replaced is said again by the reveal rule.
}
