import axe from "axe-core"
import type { Page } from "playwright"

/**
 * Serious and critical axe findings on the page as it is now. The pages allow only nonce'd scripts, so axe is
 * not added as a <script>: page.evaluate runs its source through DevTools, which the CSP does not govern.
 */
export async function axeFindings(page: Page): Promise<string[]> {
  // Content below the fold (content-visibility: auto) is not rendered, so a theme's colour transition there
  // never runs and axe would read the old theme's colours: render it all, as the reader scrolling down sees it.
  await page.evaluate(() => {
    const style = document.createElement("style")
    style.dataset.axe = ""
    style.textContent = "* { content-visibility: visible !important; }"
    document.head.append(style)
    return new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))
  })
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
  const findings = await page.evaluate(async () => {
    const { violations } = await (window as unknown as { axe: typeof axe }).axe.run(document, {
      resultTypes: ["violations"],
    })
    return violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)
  })
  await page.evaluate(() => document.querySelector("style[data-axe]")?.remove())
  return findings
}
