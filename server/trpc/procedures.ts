import type { Effect } from "effect"
import type { CharacterNotFound, CollectionNotFound, InvalidInput } from "../../application/errors"
import { unwrapExit } from "../errors"
import { type Services, t } from "./init"

/**
 * Procedures stay thin: zod validates the input, `run` executes the use case on the shared runtime and
 * maps its tagged errors. Accounts will add `signedIn` and permission-checked builders beside this one.
 */
export const publicProcedure = t.procedure.use(({ ctx, path, next }) =>
  next({
    ctx: {
      run: async <A>(
        effect: Effect.Effect<A, CollectionNotFound | CharacterNotFound | InvalidInput, Services>,
      ) => unwrapExit(await ctx.runtime.runPromiseExit(effect), ctx.logger, path),
    },
  }),
)
