import axe from "axe-core"
import type { Page } from "playwright"

/**
 * Serious and critical axe findings on the page as it is now. The pages allow only nonce'd scripts, so axe is
 * not added as a <script>: page.evaluate runs its source through DevTools, which the CSP does not govern.
 */
export async function axeFindings(page: Page): Promise<string[]> {
  // A toast or dialog still fading in has the contrast of half its opacity: measure what stays on screen.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  )
  await page.evaluate(axe.source)
  return page.evaluate(async () => {
    const { violations } = await (window as unknown as { axe: typeof axe }).axe.run(document, {
      resultTypes: ["violations"],
    })
    return violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)
  })
}
