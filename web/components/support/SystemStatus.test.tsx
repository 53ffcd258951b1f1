import { renderToStaticMarkup } from "react-dom/server"
import { describe, expect, it } from "vitest"
import { systemStatus } from "../../../domain/serviceHealth"
import { SystemStatus } from "./SystemStatus"

describe("SystemStatus", () => {
  it("names each service with its state in words, the dot hidden from screen readers, and the São Paulo time", () => {
    // 17:05 UTC is 14:05 in São Paulo.
    const now = Date.UTC(2026, 10, 27, 17, 5, 40)
    const status = systemStatus(
      [
        {
          service: "payments",
          source: "probe",
          minute: now - 60_000,
          calls: 3,
          failures: 3,
          slowCalls: 0,
          totalLatencyMs: 30,
          lastAt: now - 60_000,
        },
      ],
      now,
    )
    const html = renderToStaticMarkup(<SystemStatus status={status} />)
    const text = html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ")
    expect(text).toContain("Site Sem dados recentes")
    expect(text).toContain("Pagamentos Fora do ar")
    expect(text).toContain("Cálculo de frete Sem dados recentes")
    expect(text).toContain("E-mail Sem dados recentes")
    expect(text).toContain("Atualizado às 14:05")
    expect(html.match(/aria-hidden="true"/g)).toHaveLength(4)
  })
})
