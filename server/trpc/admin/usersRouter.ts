import { Effect } from "effect"
import { z } from "zod"
import type { Auth } from "../../../adapters/auth/betterAuth"
import { VerificationMail } from "../../../application/ports/VerificationMail"
import { changeUserRole, listUsers, resendVerification, setUserBlocked } from "../../../application/users"
import { ROLES } from "../../../domain/accounts/roles"
import { USER_SORTS } from "../../../domain/accounts/userAdmin"
import { router } from "../init"
import { permissionProcedure } from "../procedures"

/** Users are administrators' only (spec 000 §6 manage_users); the use cases check it again. */
const manageUsers = permissionProcedure("manage_users")
const userId = z.object({ userId: z.string().trim().min(1).max(64) })

/** The accounts' own confirmation path: a fresh token, the outbox, the per-recipient mail limit. */
const verificationMail = (auth: Auth) =>
  VerificationMail.of({
    send: (email) =>
      Effect.promise(() =>
        auth.api.sendVerificationEmail({ body: { email, callbackURL: "/auth/callback" } }),
      ).pipe(Effect.asVoid),
  })

export const adminUsersRouter = router({
  list: manageUsers
    .input(
      z.object({
        search: z.string().trim().max(120).optional(),
        sort: z.enum(USER_SORTS).default("created_desc"),
        page: z.number().int().min(1).max(10_000).default(1),
        pageSize: z.number().int().min(10).max(100).default(25),
      }),
    )
    .query(({ ctx, input: { search, ...rest } }) =>
      ctx.run(listUsers({ ...rest, ...(search ? { search } : {}) })),
    ),
  changeRole: manageUsers
    .input(userId.extend({ role: z.enum(ROLES as [string, ...string[]]) }))
    .mutation(({ ctx, input }) =>
      ctx.run(changeUserRole(input.userId, input.role as (typeof ROLES)[number])),
    ),
  setBlocked: manageUsers
    .input(userId.extend({ blocked: z.boolean() }))
    .mutation(({ ctx, input }) => ctx.run(setUserBlocked(input.userId, input.blocked))),
  resendVerification: manageUsers
    .input(userId)
    .mutation(({ ctx, input }) =>
      ctx.run(
        resendVerification(input.userId).pipe(
          Effect.provideService(VerificationMail, verificationMail(ctx.auth)),
        ),
      ),
    ),
})
