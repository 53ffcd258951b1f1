import { Effect } from "effect"
import type { GuideDocument } from "../../domain/collectorGuide"
import { GuideRenderer } from "../ports/GuideRenderer"

/** The guide as a PDF file. */
export const renderCollectorGuide = Effect.fn("Support.renderCollectorGuide")(function* (
  guide: GuideDocument,
) {
  return yield* (yield* GuideRenderer).render(guide)
})
