import { z } from "zod"
import {
  countProfileView,
  getCollectorProfile,
  getMyProfile,
  getRanking,
  setFollowing,
  updateMyProfile,
  uploadMyAvatar,
} from "../../application/community"
import { PROFILE_LIMITS } from "../../domain/community/profile"
import { router } from "./init"
import { publicProcedure, signedInProcedure } from "./procedures"

const userId = z.string().trim().min(1).max(64)
// Loose here on purpose: the domain's rule gives the pt-BR message, the same one the form shows.
const username = z.string().trim().min(1).max(40)

/**
 * /ranking and collector profiles are public (decision 13); following and editing act on the caller's own
 * account only: no procedure takes the id of the profile it edits.
 */
export const communityProfilesRouter = router({
  ranking: publicProcedure
    .input(
      z.object({
        sort: z.enum(["score", "level", "streak"]).default("score"),
        period: z.enum(["all", "month"]).default("all"),
        search: z.string().max(60).default(""),
        page: z.number().int().min(1).max(10_000).default(1),
      }),
    )
    .query(({ ctx, input }) => ctx.run(getRanking(input))),
  profile: publicProcedure
    .input(z.union([z.object({ userId }), z.object({ username }), z.object({ handle: userId })]))
    .query(({ ctx, input }) => ctx.run(getCollectorProfile(input))),
  viewed: publicProcedure
    .input(z.object({ userId }))
    .mutation(({ ctx, input }) => ctx.run(countProfileView(input.userId))),
  follow: signedInProcedure
    .input(z.object({ userId, follow: z.boolean() }))
    .mutation(({ ctx, input }) => ctx.run(setFollowing(input))),
  mine: signedInProcedure.query(({ ctx }) => ctx.run(getMyProfile())),
  save: signedInProcedure
    .input(
      z.object({
        username: z.string().max(40),
        displayName: z.string().max(PROFILE_LIMITS.displayName * 2),
        bio: z.string().max(PROFILE_LIMITS.bio * 2),
        location: z.string().max(PROFILE_LIMITS.location * 2),
        avatarUrl: z.string().max(200).nullable(),
        isPrivate: z.boolean(),
      }),
    )
    .mutation(({ ctx, input }) => ctx.run(updateMyProfile(input))),
  /** Reached only in-process from the multipart route (server/http/avatarUpload.ts). */
  uploadAvatar: signedInProcedure
    .input(z.object({ bytes: z.instanceof(Uint8Array) }))
    .mutation(({ ctx, input }) => ctx.run(uploadMyAvatar(input.bytes))),
})
