import { z } from "zod"
import {
  cancelSubscription,
  changeSubscriptionCard,
  getMySubscriptions,
  getRecurringPlans,
  pauseSubscription,
  previewSubscription,
  reactivateSubscription,
  subscribe,
  updatePlanSettings,
} from "../../application/subscriptions"
import { CANCEL_REASON_MAX } from "../../domain/subscriptions/subscription"
import { router } from "./init"
import { publicProcedure, signedInProcedure } from "./procedures"

const id = z.string().trim().min(1).max(64)
const key = z.string().regex(/^[A-Za-z0-9-]{16,64}$/, "Chave de idempotência inválida")
const card = z.object({
  token: z.string().trim().min(1).max(200),
  paymentMethodId: z.string().trim().min(1).max(40),
  issuerId: z.string().trim().max(40).nullable(),
})
/** A São Paulo day, "YYYY-MM-DD". */
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Data inválida")
  .transform((text) => {
    const [year, month, date] = text.split("-").map(Number)
    return { year: year as number, month: month as number, day: date as number }
  })

/**
 * Recurring subscriptions (decision 8): the plans of a collection are public; everything else is the signed-in
 * collector's own, and another collector's subscription is not found. `subscribe` is public so a visitor reads
 * the spec's own message ('É necessário fazer login para assinar um plano.').
 */
export const subscriptionsRouter = router({
  plans: publicProcedure
    .input(z.object({ collectionId: id }))
    .query(({ ctx, input }) => ctx.run(getRecurringPlans(input.collectionId))),
  subscribe: publicProcedure
    .input(
      z.object({
        collectionId: id,
        planId: z.string().trim().min(1).max(40),
        idempotencyKey: key,
        cpf: z.string().max(20),
        addressId: id.nullable(),
        card,
      }),
    )
    .mutation(({ ctx, input }) => ctx.run(subscribe(input))),
  /** What subscribing now would do, before the charge: the first month covered and the delivery address. */
  preview: signedInProcedure
    .input(z.object({ collectionId: id }))
    .query(({ ctx, input }) => ctx.run(previewSubscription(input.collectionId))),
  mine: signedInProcedure.query(({ ctx }) => ctx.run(getMySubscriptions())),
  pause: signedInProcedure
    .input(z.object({ id, until: day.nullable() }))
    .mutation(({ ctx, input }) => ctx.run(pauseSubscription(input))),
  cancel: signedInProcedure
    .input(z.object({ id, reason: z.string().max(CANCEL_REASON_MAX * 2) }))
    .mutation(({ ctx, input }) => ctx.run(cancelSubscription(input))),
  reactivate: signedInProcedure
    .input(z.object({ id }))
    .mutation(({ ctx, input }) => ctx.run(reactivateSubscription(input))),
  changeCard: signedInProcedure
    .input(z.object({ id, card }))
    .mutation(({ ctx, input }) => ctx.run(changeSubscriptionCard(input))),
  updateSettings: signedInProcedure
    .input(
      z.object({
        id,
        revealNotifications: z.boolean(),
        newPlanNews: z.boolean(),
        addressId: id.nullable(),
      }),
    )
    .mutation(({ ctx, input }) => ctx.run(updatePlanSettings(input))),
})
