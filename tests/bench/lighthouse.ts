import * as chromeLauncher from "chrome-launcher"
import lighthouse from "lighthouse"
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../support/browser"

export interface LighthouseResult {
  readonly score: number
  readonly lcp: number
  readonly fcp: number
  readonly tbt: number
  readonly cls: number
  /** Every run's score, to show how noisy the median is. */
  readonly scores: readonly number[]
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0

/**
 * Lighthouse's mobile preset (simulated slow 4G, 4× CPU slowdown), median of `runs` runs. `headers` go with every
 * request of the page (a signed-in customer's cookie, for pages behind sign-in).
 */
export async function lighthouseMobile(
  url: string,
  runs = 3,
  headers: Record<string, string> = {},
): Promise<LighthouseResult> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ["--headless=new", ...CHROMIUM_FLAGS],
  })
  try {
    const results: Omit<LighthouseResult, "scores">[] = []
    for (let i = 0; i < runs; i++) {
      const result = await lighthouse(url, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: ["performance"],
        extraHeaders: headers,
      })
      const lhr = result?.lhr
      if (!lhr) throw new Error(`Lighthouse returned nothing for ${url}`)
      const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN
      results.push({
        score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        lcp: audit("largest-contentful-paint"),
        fcp: audit("first-contentful-paint"),
        tbt: audit("total-blocking-time"),
        cls: audit("cumulative-layout-shift"),
      })
    }
    return {
      score: median(results.map((r) => r.score)),
      lcp: median(results.map((r) => r.lcp)),
      fcp: median(results.map((r) => r.fcp)),
      tbt: median(results.map((r) => r.tbt)),
      cls: median(results.map((r) => r.cls)),
      scores: results.map((r) => r.score),
    }
  } finally {
    chrome.kill()
  }
}
