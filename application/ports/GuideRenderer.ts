import { Context, type Effect } from "effect"
import type { GuideDocument } from "../../domain/collectorGuide"

/** Lays the collector's guide out as a PDF; a rendering failure is a defect. */
export class GuideRenderer extends Context.Service<
  GuideRenderer,
  {
    render(guide: GuideDocument): Effect.Effect<Uint8Array>
  }
>()("store/application/GuideRenderer") {}
