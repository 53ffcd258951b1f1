import { Effect, Layer } from "effect"
import { Waitlists } from "../../application/ports/Waitlists"
import type { WaitlistLine } from "../../domain/editions/waitlistLine"

const absent = (name: string) => () => Effect.die(new Error(`Waitlists.${name}: not in this world`))

/**
 * A Waitlists port that only reads: every product's line is `line` (none by default), for use cases that
 * ask whether a sold-out unit is held for the viewer (cart pricing) and change no waitlist.
 */
export const waitlistLineOnly = (line: WaitlistLine | null = null) =>
  Layer.succeed(
    Waitlists,
    Waitlists.of({
      line: () => Effect.succeed(line),
      update: absent("update"),
      lapsed: absent("lapsed"),
      mine: absent("mine"),
    }),
  )
