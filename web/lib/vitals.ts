import { type Metric, onCLS, onFCP, onINP, onLCP, onTTFB } from "web-vitals"
import { METRIC_NAMES, type PageMetrics, performanceScore, rate, THRESHOLDS } from "../../domain/webVitals"

/** Reported this long after the load event, or earlier when the page is hidden (spec 000 §9). */
export const REPORT_AFTER_LOAD_MS = 5000

export interface VitalsPayload {
  readonly metrics: PageMetrics
  readonly performanceScore: number
  readonly timestamp: number
  readonly url: string
  readonly userAgent: string
}

/**
 * Collects the page's web vitals (web-vitals for FCP, LCP, INP, CLS and TTFB; FID from the first-input entry,
 * which web-vitals no longer reports), then once, 5 s after load or when the page is hidden, logs them with
 * their good/poor thresholds and the performance score, and POSTs them to `endpoint` when one is configured.
 * A failure to send is a console warning, nothing more (spec 002 §8).
 */
export function reportWebVitals(endpoint: string, now: () => number = Date.now) {
  const metrics: { -readonly [K in keyof PageMetrics]: PageMetrics[K] } = {}
  const keep = (metric: Metric) => {
    metrics[metric.name as "FCP"] = metric.value
  }
  for (const on of [onFCP, onLCP, onINP, onCLS, onTTFB]) on(keep, { reportAllChanges: true })
  try {
    new PerformanceObserver((list) => {
      const first = list.getEntries()[0] as PerformanceEventTiming | undefined
      if (first && metrics.FID === undefined) metrics.FID = first.processingStart - first.startTime
    }).observe({ type: "first-input", buffered: true })
  } catch {
    // No first-input entries in this browser: no FID.
  }

  let sent = false
  const report = (hidden: boolean) => {
    if (sent) return
    sent = true
    const navigation = performance.getEntriesByType("navigation")[0] as
      | PerformanceNavigationTiming
      | undefined
    if (navigation && navigation.loadEventEnd > 0)
      metrics.load = navigation.loadEventEnd - navigation.startTime
    const { score, deductions, recommendations } = performanceScore(metrics)
    logMetrics(metrics, score, deductions, recommendations)
    if (!endpoint) return
    const payload: VitalsPayload = {
      metrics,
      performanceScore: score,
      timestamp: now(),
      url: location.href,
      userAgent: navigator.userAgent,
    }
    void send(endpoint, payload, hidden)
  }

  const afterLoad = () => setTimeout(() => report(false), REPORT_AFTER_LOAD_MS)
  if (document.readyState === "complete") afterLoad()
  else addEventListener("load", afterLoad, { once: true })
  addEventListener("visibilitychange", () => document.visibilityState === "hidden" && report(true))
  addEventListener("pagehide", () => report(true))
}

function logMetrics(
  metrics: PageMetrics,
  score: number,
  deductions: ReturnType<typeof performanceScore>["deductions"],
  recommendations: readonly string[],
) {
  const rows = METRIC_NAMES.flatMap((name) => {
    const value = metrics[name]
    if (value === undefined) return []
    const [good, poor] = THRESHOLDS[name]
    return [
      {
        métrica: name,
        valor: Number(value.toFixed(name === "CLS" ? 3 : 0)),
        bom: good,
        ruim: poor,
        avaliação: rate(name, value),
      },
    ]
  })
  console.info(`Desempenho da página: ${score}/100`, {
    métricas: rows,
    deduções: deductions,
    recomendações: recommendations,
  })
}

/** A beacon when the page goes away (it outlives the page), else a keepalive fetch; text, so no preflight. */
async function send(endpoint: string, payload: VitalsPayload, hidden: boolean) {
  const body = JSON.stringify(payload)
  try {
    if (hidden && typeof navigator.sendBeacon === "function") {
      if (!navigator.sendBeacon(endpoint, new Blob([body], { type: "text/plain;charset=UTF-8" })))
        throw new Error("o navegador recusou o envio")
      return
    }
    const res = await fetch(endpoint, {
      method: "POST",
      body,
      headers: { "content-type": "text/plain;charset=UTF-8" },
      keepalive: true,
      credentials: "omit",
    })
    if (!res.ok) throw new Error(`HTTP ${res.status}`)
  } catch (error) {
    console.warn("Não foi possível enviar as métricas de desempenho", error)
  }
}
