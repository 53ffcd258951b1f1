import { z } from "zod"
import {
  deleteShelfItem,
  getCharacterCommunity,
  getMyCollection,
  getShelf,
  saveShelfItem,
  setFavourite,
  updateMyPiece,
  uploadShelfPhoto,
} from "../../application/community"
import { PIECE_CONDITIONS } from "../../domain/community/shelf"
import { router } from "./init"
import { publicProcedure, signedInProcedure } from "./procedures"

const id = z.string().trim().min(1).max(64)
// Free text: the domain's validateShelfItem decides, with the form's pt-BR messages.
const text = z.string().max(2000)

/** The virtual shelf (public unless the profile is private) and the owner's changes to it. */
export const shelfRouter = router({
  get: publicProcedure
    .input(z.object({ userId: id }))
    .query(({ ctx, input }) => ctx.run(getShelf(input.userId))),
  save: signedInProcedure
    .input(
      z.object({
        id: id.optional(),
        name: text,
        company: text,
        collection: text,
        category: text,
        description: text,
        condition: text,
        rarity: text,
        companyStatus: text,
        estimatedValueCents: z.number(),
        acquiredOn: z.string().max(10),
        notes: text,
      }),
    )
    .mutation(({ ctx, input }) => ctx.run(saveShelfItem(input))),
  delete: signedInProcedure
    .input(z.object({ id }))
    .mutation(({ ctx, input }) => ctx.run(deleteShelfItem(input.id))),
  /** Called by the multipart route (server/http/shelfPhotoUpload.ts), which reads the file. */
  uploadPhoto: signedInProcedure
    .input(z.object({ itemId: id, bytes: z.instanceof(Uint8Array) }))
    .mutation(({ ctx, input }) => ctx.run(uploadShelfPhoto(input.itemId, input.bytes))),
  updatePiece: signedInProcedure
    .input(
      z.object({
        pieceId: id,
        condition: z.enum(PIECE_CONDITIONS),
        notes: text,
        isForTrade: z.boolean(),
      }),
    )
    .mutation(({ ctx, input }) => ctx.run(updateMyPiece(input))),
  myCollection: signedInProcedure.query(({ ctx }) => ctx.run(getMyCollection())),
})

/** The character page's favourite toggle and 'Comunidade' tab. */
export const favouritesRouter = router({
  set: signedInProcedure
    .input(z.object({ productId: id, on: z.boolean() }))
    .mutation(({ ctx, input }) => ctx.run(setFavourite(input.productId, input.on))),
  community: publicProcedure
    .input(z.object({ productId: id }))
    .query(({ ctx, input }) => ctx.run(getCharacterCommunity(input.productId))),
})
