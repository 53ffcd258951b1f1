import { z } from "zod"
import { listParkedEvents, requeueParkedEvent } from "../../../application/events"
import { router } from "../init"
import { permissionProcedure } from "../procedures"

/** Operations on the event outbox: what gave up after every retry, and putting it back in the queue. */
export const eventsRouter = router({
  parked: permissionProcedure("manage_settings")
    .input(z.object({ limit: z.number().int().min(1).max(500).default(100) }).default({ limit: 100 }))
    .query(({ ctx, input }) => ctx.run(listParkedEvents(input.limit))),

  requeue: permissionProcedure("manage_settings")
    .input(
      z.object({
        eventId: z.string().regex(/^\d{1,18}$/, "Evento inválido"),
        handler: z.string().min(1).max(100),
      }),
    )
    .mutation(({ ctx, input }) => ctx.run(requeueParkedEvent(input.eventId, input.handler))),
})
