import { Effect } from "effect"
import { Forbidden, NotSignedIn } from "../../application/errors"
import { ClientAddress } from "../../application/ports/ClientAddress"
import { CurrentUser, type Viewer } from "../../application/ports/CurrentUser"
import { can, type Permission } from "../../domain/roles"
import { type ExpectedError, toTRPCError, unwrapExit } from "../errors"
import { type Services, t } from "./init"

/**
 * Procedures stay thin: zod validates the input, `run` executes the use case on the shared runtime with
 * the request's user as the CurrentUser port, and maps its tagged errors.
 */
export const publicProcedure = t.procedure.use(({ ctx, path, next }) =>
  next({
    ctx: {
      run: async <A>(effect: Effect.Effect<A, ExpectedError, Services | CurrentUser>) =>
        unwrapExit(
          await ctx.runtime.runPromiseExit(
            effect.pipe(
              Effect.provideService(CurrentUser, { viewer: ctx.viewer }),
              Effect.provideService(ClientAddress, ctx.clientIp),
            ),
          ),
          ctx.logger,
          path,
        ),
    },
  }),
)

/** Requires a signed-in user; checked on the server for every call. */
export const signedInProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.viewer) throw toTRPCError(new NotSignedIn())
  return next({ ctx: { viewer: ctx.viewer as Viewer } })
})

/** Requires a permission of the role table (spec 000 §6). */
export const permissionProcedure = (permission: Permission) =>
  signedInProcedure.meta({ permission }).use(({ ctx, next }) => {
    if (!can(ctx.viewer.role, permission)) throw toTRPCError(new Forbidden({ permission }))
    return next()
  })
