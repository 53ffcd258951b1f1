import { z } from "zod"
import {
  exportMyData,
  listHeldEditions,
  listSubscribedCollections,
  previewAccountDeletion,
} from "../../application/account"
import { listMyCardMarks } from "../../application/community"
import { router } from "./init"
import { publicProcedure, signedInProcedure } from "./procedures"

const password = z.object({ password: z.string().min(1, "Senha é obrigatória").max(128) })

export const accountRouter = router({
  /** The signed-in user (or null), for the header variant and the guards; rendered on the server. */
  me: publicProcedure.query(({ ctx }) => ctx.viewer),

  /** Sign-in methods on offer: the Google button shows only when its credentials are configured. */
  providers: publicProcedure.query(({ ctx }) => ({
    google: Boolean(ctx.auth.options.socialProviders?.google),
  })),

  /** Ids of the collections the viewer is a subscriber of now: the catalogue pages add it on the client. */
  subscribedCollections: publicProcedure.query(({ ctx }) => ctx.run(listSubscribedCollections())),
  /** Ids of the editions the viewer already holds up to their limit: their buy buttons say so instead. */
  heldEditions: publicProcedure.query(({ ctx }) => ctx.run(listHeldEditions())),
  /** Ids of the characters the viewer holds, offers for trade and wants: their cards' own states. */
  cardMarks: publicProcedure.query(({ ctx }) => ctx.run(listMyCardMarks())),

  /** What deleting the account would do to each open order and subscription, read before the password. */
  deletionPreview: signedInProcedure.query(({ ctx }) => ctx.run(previewAccountDeletion())),

  exportData: signedInProcedure
    .input(password)
    .mutation(({ ctx, input }) => ctx.run(exportMyData(input.password))),
})
