import { z } from "zod"
import {
  createCollection,
  createProduct,
  deleteCollection,
  deleteProduct,
  listAdminCollections,
  listAdminProducts,
  moveProduct,
  setCollectionFlags,
  updateCollection,
  updateProduct,
  uploadCatalogImage,
} from "../../../application/catalogAdmin"
import { COLLECTION_SORTS } from "../../../application/ports/CatalogAdmin"
import { isPriceValid, validateCollection, validateProduct } from "../../../domain/catalogAdmin"
import { CATALOG_ADMIN_MESSAGES } from "../../../domain/catalogAdmin/messages"
import { router } from "../init"
import { permissionProcedure } from "../procedures"

/** Spec 000 §6: administrators and moderators manage collections; the use cases check the same. */
const manage = permissionProcedure("manage_collections")

const id = z.string().trim().min(1).max(64)
const text = (max: number) => z.string().max(max)
const int = z.number().int()

/** The domain's verdict as zod issues on the fields it names, so the form gets the same pt-BR text per field. */
const refineWith =
  <T>(validate: (value: T) => { ok: boolean; errors?: Partial<Record<string, string>> }) =>
  (value: T, ctx: z.RefinementCtx) => {
    const checked = validate(value)
    if (checked.ok) return
    for (const [path, message] of Object.entries(checked.errors ?? {}))
      if (message) ctx.addIssue({ code: "custom", path: [path], message })
  }

const collectionDraft = z
  .object({
    name: text(200),
    theme: text(40),
    description: text(4000),
    tagline: text(400),
    price: int.nullable(),
    startDate: text(10),
    endDate: text(10),
    isActive: z.boolean(),
    isFeatured: z.boolean(),
    imageUrl: text(300).nullable(),
  })
  .superRefine(refineWith(validateCollection))

const productDraft = z
  .object({
    collectionId: text(64),
    name: text(200),
    description: text(4000),
    imageUrl: text(300),
    displayMonth: int,
    editionYear: int,
    rarity: text(20),
    universe: text(200),
    hints: z.array(text(400)).max(10),
    stats: z.object({ strength: int, speed: int, intelligence: int, durability: int }),
    weightGrams: int,
    dimensions: z.object({ length: int, width: int, height: int }),
    editionSize: int.nullable(),
    collectorLimit: int.nullable(),
    teaserAt: z.number(),
    previewAt: z.number(),
    revealAt: z.number(),
    scale: text(80),
    details: text(4000),
    isActive: z.boolean(),
  })
  .superRefine(refineWith(validateProduct))

export const adminCollectionsRouter = router({
  list: manage
    .input(
      z.object({
        search: z.string().trim().max(120).optional(),
        active: z.boolean().optional(),
        featured: z.boolean().optional(),
        sort: z.enum(COLLECTION_SORTS).default("created_at"),
        direction: z.enum(["asc", "desc"]).default("desc"),
        page: int.min(1).max(10_000).default(1),
        pageSize: int.min(5).max(100).default(20),
      }),
    )
    .query(({ ctx, input }) =>
      ctx.run(listAdminCollections({ ...input, search: input.search || undefined })),
    ),
  create: manage.input(collectionDraft).mutation(({ ctx, input }) => ctx.run(createCollection(input))),
  update: manage
    .input(z.object({ id, draft: collectionDraft }))
    .mutation(({ ctx, input }) => ctx.run(updateCollection(input.id, input.draft))),
  setActive: manage
    .input(z.object({ id, isActive: z.boolean() }))
    .mutation(({ ctx, input }) => ctx.run(setCollectionFlags(input.id, { isActive: input.isActive }))),
  setFeatured: manage
    .input(z.object({ id, isFeatured: z.boolean() }))
    .mutation(({ ctx, input }) => ctx.run(setCollectionFlags(input.id, { isFeatured: input.isFeatured }))),
  setPrice: manage
    .input(z.object({ id, price: int.refine(isPriceValid, CATALOG_ADMIN_MESSAGES.price) }))
    .mutation(({ ctx, input }) => ctx.run(setCollectionFlags(input.id, { price: input.price }))),
  delete: manage.input(z.object({ id })).mutation(({ ctx, input }) => ctx.run(deleteCollection(input.id))),
  products: manage
    .input(z.object({ collectionId: id }))
    .query(({ ctx, input }) => ctx.run(listAdminProducts(input.collectionId))),
  createProduct: manage.input(productDraft).mutation(({ ctx, input }) => ctx.run(createProduct(input))),
  updateProduct: manage
    .input(z.object({ id, draft: productDraft }))
    .mutation(({ ctx, input }) => ctx.run(updateProduct(input.id, input.draft))),
  deleteProduct: manage
    .input(z.object({ id }))
    .mutation(({ ctx, input }) => ctx.run(deleteProduct(input.id))),
  moveProduct: manage
    .input(z.object({ id, direction: z.enum(["up", "down"]) }))
    .mutation(({ ctx, input }) => ctx.run(moveProduct(input.id, input.direction))),
  /**
   * Reached only in-process from the multipart route (server/http/adminImageUpload.ts): JSON over /api/trpc
   * cannot carry a Uint8Array, so the 64 KB body limit of the RPC endpoint stays.
   */
  uploadImage: manage
    .input(z.object({ bytes: z.instanceof(Uint8Array) }))
    .mutation(({ ctx, input }) => ctx.run(uploadCatalogImage(input.bytes))),
})
