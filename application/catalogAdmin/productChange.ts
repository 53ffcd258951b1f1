import { Effect } from "effect"
import { CATALOG_ADMIN_MESSAGES as M } from "../../domain/catalogAdmin"
import { recordAdminChange } from "../admin"
import { CatalogChangeRefused, CharacterNotFound, CollectionNotFound } from "../errors"
import type { AdminProduct, WriteRefusal } from "../ports/CatalogAdmin"
import type { AuditActor } from "../ports/OrderAuditLog"

/** An adapter's refusal of a product write as the use case's pt-BR failure. */
export const productRefusal = (refusal: WriteRefusal, id: string, missing: "collection" | "product") => {
  if (refusal === "month_taken") return new CatalogChangeRefused({ message: M.monthTaken })
  if (refusal === "has_sales") return new CatalogChangeRefused({ message: M.productSold })
  return missing === "collection" ? new CollectionNotFound({ idOrSlug: id }) : new CharacterNotFound({ id })
}

/** One line of the administrators' log for a product; its image is a URL, so nothing needs omitting. */
export const recordProductChange = (
  actor: AuditActor,
  action: string,
  before: AdminProduct | null,
  after: AdminProduct | null,
) => {
  const subject = (after ?? before) as AdminProduct
  return recordAdminChange({
    actor,
    subjectType: "product",
    subjectId: subject.id,
    subjectLabel: subject.name,
    action,
    before,
    after,
    // Derived from orders, not edited here.
    omit: ["editionTaken"],
  })
}

export const isRefusal = (x: unknown): x is WriteRefusal => typeof x === "string"
export const notFound = (id: string) => Effect.fail(new CharacterNotFound({ id }))
