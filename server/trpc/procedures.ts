import { TRPCError } from "@trpc/server"
import { Effect } from "effect"
import type {
  CharacterNotFound,
  CollectionNotFound,
  Forbidden,
  InvalidInput,
  NotSignedIn,
} from "../../application/errors"
import { CurrentUser, type Viewer } from "../../application/ports/CurrentUser"
import { can, DENIAL_MESSAGES, type Permission } from "../../domain/roles"
import { unwrapExit } from "../errors"
import { type Services, t } from "./init"

type Expected = CollectionNotFound | CharacterNotFound | InvalidInput | NotSignedIn | Forbidden

/**
 * Procedures stay thin: zod validates the input, `run` executes the use case on the shared runtime with
 * the request's user as the CurrentUser port, and maps its tagged errors.
 */
export const publicProcedure = t.procedure.use(({ ctx, path, next }) =>
  next({
    ctx: {
      run: async <A>(effect: Effect.Effect<A, Expected, Services | CurrentUser>) =>
        unwrapExit(
          await ctx.runtime.runPromiseExit(
            Effect.provideService(effect, CurrentUser, { viewer: ctx.viewer }),
          ),
          ctx.logger,
          path,
        ),
    },
  }),
)

/** Requires a signed-in user; checked on the server for every call. */
export const signedInProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.viewer) throw new TRPCError({ code: "UNAUTHORIZED", message: "Faça login para continuar" })
  return next({ ctx: { viewer: ctx.viewer as Viewer } })
})

/** Requires a permission of the role table (spec 000 §6). */
export const permissionProcedure = (permission: Permission) =>
  signedInProcedure.use(({ ctx, next }) => {
    if (!can(ctx.viewer.role, permission)) {
      throw new TRPCError({
        code: "FORBIDDEN",
        message: permission === "access_admin" ? DENIAL_MESSAGES.adminAccess : DENIAL_MESSAGES.permission,
      })
    }
    return next()
  })
