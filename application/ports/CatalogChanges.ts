import { Context, type Effect } from "effect"

/**
 * How a use case that changes the catalogue (collections, characters, prices: the admin area's) tells every
 * server instance to drop what it keeps of it: the catalogue cache and the anonymous pages' HTML cache.
 * Inside `UnitOfWork.atomically` the notice goes out when the change commits, and never if it rolls back.
 */
export class CatalogChanges extends Context.Service<
  CatalogChanges,
  {
    announce(): Effect.Effect<void>
  }
>()("store/application/CatalogChanges") {}
