import { useEffect, useRef, useState } from "react"
import { formatBRL } from "../../../lib/format"

export interface ChartPoint {
  readonly label: string
  readonly revenue: number
  readonly net: number
}

/**
 * Revenue and net revenue per bucket, drawn by uPlot once the page is interactive. uPlot (and its CSS) is
 * imported here, on mount, so only this route's chunk loads it; the table after the chart is its text
 * alternative, rendered on the server, so the page reads the same before (or without) the chart.
 */
export function RevenueChart({ points, tableId }: { points: readonly ChartPoint[]; tableId: string }) {
  const box = useRef<HTMLDivElement>(null)
  const [state, setState] = useState<"loading" | "ready" | "failed">("loading")
  useEffect(() => {
    const el = box.current
    if (!el) return
    let disposed = false
    let plot: { destroy(): void; setSize(size: { width: number; height: number }): void } | undefined
    let observer: ResizeObserver | undefined
    // The stylesheet as text, added once: the build's single CSS file (cssCodeSplit off) would otherwise carry
    // uPlot's rules to every page.
    void Promise.all([import("uplot"), import("uplot/dist/uPlot.min.css?inline")])
      .then(([{ default: UPlot }, { default: css }]) => {
        if (disposed) return
        if (!document.querySelector("style[data-uplot]")) {
          const style = document.createElement("style")
          style.dataset.uplot = ""
          style.textContent = css
          document.head.append(style)
        }
        const size = () => ({ width: Math.max(280, el.clientWidth), height: 280 })
        const reals = (cents: number) => cents / 100
        plot = new UPlot(
          {
            ...size(),
            series: [
              { label: "Período", value: (_u, i) => (i === null ? "" : (points[i]?.label ?? "")) },
              {
                label: "Receita",
                stroke: "#b91c1c",
                width: 2,
                value: (_u, v) => (v === null ? "" : formatBRL(Math.round(v * 100))),
              },
              {
                label: "Receita líquida",
                stroke: "#1d4ed8",
                width: 2,
                dash: [6, 4],
                value: (_u, v) => (v === null ? "" : formatBRL(Math.round(v * 100))),
              },
            ],
            scales: { x: { time: false } },
            axes: [
              {
                values: (_u, ticks) =>
                  ticks.map((t) => (Number.isInteger(t) ? (points[t]?.label ?? "") : "")),
              },
              { size: 80, values: (_u, ticks) => ticks.map((t) => formatBRL(Math.round(t * 100))) },
            ],
          },
          [points.map((_, i) => i), points.map((p) => reals(p.revenue)), points.map((p) => reals(p.net))],
          el,
        )
        observer = new ResizeObserver(() => plot?.setSize(size()))
        observer.observe(el)
        setState("ready")
      })
      .catch(() => setState("failed"))
    return () => {
      disposed = true
      observer?.disconnect()
      plot?.destroy()
      el.replaceChildren()
    }
  }, [points])

  const total = points.reduce((n, p) => n + p.revenue, 0)
  const best = points.reduce<ChartPoint | null>((b, p) => (b === null || p.revenue > b.revenue ? p : b), null)
  const summary = `Gráfico de receita e receita líquida por período: ${points.length} períodos, total ${formatBRL(total)}${
    best && best.revenue > 0 ? `, maior receita em ${best.label} (${formatBRL(best.revenue)})` : ""
  }. Os valores estão na tabela a seguir.`
  return (
    <figure className="mt-4 rounded-2xl surface p-4">
      <div role="img" aria-label={summary} aria-describedby={tableId} data-chart={state}>
        <div ref={box} className="min-h-[280px] w-full" />
      </div>
      {state !== "ready" ? (
        <figcaption className="text-sm text-muted">
          {state === "loading" ? "Carregando gráfico..." : "O gráfico não pôde ser carregado; veja a tabela."}
        </figcaption>
      ) : null}
    </figure>
  )
}
