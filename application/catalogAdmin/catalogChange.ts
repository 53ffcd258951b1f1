import { Effect } from "effect"
import type { Checked } from "../../domain/catalogAdmin"
import { requireStaff } from "../admin"
import { InvalidInput } from "../errors"
import { CatalogChanges } from "../ports/CatalogChanges"
import { UnitOfWork } from "../ports/UnitOfWork"

/** Collections and their products: administrators and moderators (spec 000 §6), checked here and on the procedure. */
export const requireCatalogManager = requireStaff("manage_collections")

/**
 * Runs a catalogue change as one transaction that also tells every instance to drop its catalogue and page
 * caches: the notice goes out when the change commits, so the storefront shows it at once, or never.
 */
export const catalogChange = <A, E, R>(work: Effect.Effect<A, E, R>) =>
  Effect.gen(function* () {
    const uow = yield* UnitOfWork
    const changes = yield* CatalogChanges
    return yield* uow.atomically(Effect.tap(work, () => changes.announce()))
  })

/** The domain's verdict as the use case's failure: the first field's pt-BR message. */
export const checkedOrFail = <T, F extends string>(checked: Checked<T, F>) =>
  checked.ok
    ? Effect.succeed(checked.value)
    : Effect.fail(new InvalidInput({ message: Object.values<string | undefined>(checked.errors)[0] ?? "" }))
