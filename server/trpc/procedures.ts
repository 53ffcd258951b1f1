import { Effect } from "effect"
import { Forbidden, InvalidInput, NotSignedIn } from "../../application/errors"
import { ClientAddress } from "../../application/ports/ClientAddress"
import { CurrentUser, type Viewer } from "../../application/ports/CurrentUser"
import { can, type Permission } from "../../domain/accounts/roles"
import { INVALID_TEXT_MESSAGE, inputHasControlCharacter } from "../../domain/controlCharacters"
import { type ExpectedError, toTRPCError, unwrapExit } from "../errors"
import { currentRequest, forRequest } from "../requestContext"
import { type Services, t } from "./init"

/**
 * No procedure accepts a control character in any text of its input (PostgreSQL refuses NUL in a text; none
 * belongs in a name, an id or a message): refused here, before any schema, in one line of log without the text.
 */
const textWithoutControlCharacters = t.middleware(async ({ ctx, path, getRawInput, next }) => {
  if (inputHasControlCharacter(await getRawInput())) {
    ctx.logger.warn({ path }, "input refused: control character")
    throw toTRPCError(new InvalidInput({ message: INVALID_TEXT_MESSAGE }))
  }
  return next()
})

/**
 * Every call, counted under the procedure's name and its result code: only procedures of the router reach a
 * middleware, so a made-up name never becomes a label (the HTTP metrics count it under /api/trpc/*).
 */
const counted = t.procedure.use(async ({ ctx, path, type, next }) => {
  const started = performance.now()
  const result = await next()
  const code = result.ok ? "OK" : result.error.code
  ctx.runtime.metrics.procedureCall(path, type, code, (performance.now() - started) / 1000)
  return result
})

/**
 * Procedures stay thin: zod validates the input, `run` executes the use case on the shared runtime with
 * the request's user as the CurrentUser port, and maps its tagged errors.
 */
export const publicProcedure = counted.use(textWithoutControlCharacters).use(({ ctx, path, next }) =>
  next({
    ctx: {
      run: async <A>(effect: Effect.Effect<A, ExpectedError, Services | CurrentUser>) => {
        const request = currentRequest()
        return unwrapExit(
          await ctx.runtime.runPromiseExit(
            effect.pipe(
              Effect.provideService(CurrentUser, { viewer: ctx.viewer }),
              Effect.provideService(ClientAddress, ctx.clientIp),
              forRequest(request),
            ),
          ),
          ctx.logger,
          path,
          request?.id,
        )
      },
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
