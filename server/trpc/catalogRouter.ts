import { z } from "zod"
import {
  confirmNewsletter,
  getCharacter,
  getCollection,
  getHomePage,
  getPlansComparison,
  listCollections,
  subscribeNewsletter,
} from "../../application/catalog"
import { listOfferedPlans } from "../../application/plans"
import { StoreSettings } from "../../application/ports/StoreSettings"
import { router } from "./init"
import { publicProcedure } from "./procedures"

// Generous on purpose: an overlong id in a page path is "not found" (the use case says so), not a bad request.
const idOrSlug = z.string().trim().min(1).max(2048)

export const catalogRouter = router({
  home: publicProcedure.query(({ ctx }) => ctx.run(getHomePage())),
  collections: publicProcedure.query(({ ctx }) => ctx.run(listCollections())),
  collection: publicProcedure
    .input(z.object({ id: idOrSlug }))
    .query(({ ctx, input }) => ctx.run(getCollection(input.id))),
  character: publicProcedure
    .input(z.object({ id: idOrSlug }))
    .query(({ ctx, input }) => ctx.run(getCharacter(input.id))),
  plans: publicProcedure
    .input(z.object({ colecao: z.string().trim().max(120).nullish() }))
    .query(({ ctx, input }) => ctx.run(getPlansComparison(input.colecao || null))),
  /** The prepaid plans on sale, priced for the reference collection (how-it-works, FAQ, terms). */
  prepaidPlans: publicProcedure.query(({ ctx }) => ctx.run(listOfferedPlans())),
})

export const storeRouter = router({
  settings: publicProcedure.query(({ ctx }) => ctx.run(StoreSettings.use((s) => s.get()))),
  subscribeNewsletter: publicProcedure
    .input(z.object({ email: z.string().max(320) }))
    .mutation(({ ctx, input }) => ctx.run(subscribeNewsletter(input.email))),
  /** The link of the confirmation e-mail (double opt-in). */
  confirmNewsletter: publicProcedure
    .input(z.object({ token: z.string().min(1).max(2048) }))
    .mutation(({ ctx, input }) => ctx.run(confirmNewsletter(input.token))),
})
