import { describe, expect, it } from "vitest"
import { BULK_ROWS_MAX, parseBulkRows } from "./bulkRows"

describe("bulk update files", () => {
  it("read order number and tracking code, any separator, skipping a header and blank lines", () => {
    const parsed = parseBulkRows(
      "\uFEFFPedido;Código de rastreio\r\nlg-2026-000123; AA123456789BR\n\nLG-2026-000124,BB1,Jadlog,.Package\nLG-2026-000125\n",
    )
    expect(parsed).toEqual({
      ok: true,
      rows: [
        {
          line: 2,
          orderNumber: "LG-2026-000123",
          trackingCode: "AA123456789BR",
          carrier: null,
          service: null,
        },
        {
          line: 4,
          orderNumber: "LG-2026-000124",
          trackingCode: "BB1",
          carrier: "Jadlog",
          service: ".Package",
        },
        { line: 5, orderNumber: "LG-2026-000125", trackingCode: null, carrier: null, service: null },
      ],
    })
  })

  it("keeps a malformed number as a row, for the report to refuse it", () => {
    expect(parseBulkRows("LG-2026-000123\nxyz,1")).toMatchObject({
      ok: true,
      rows: [{}, { orderNumber: "XYZ" }],
    })
  })

  it("refuses an empty file and one too long", () => {
    expect(parseBulkRows(" \n")).toEqual({ ok: false, reason: "O arquivo não tem nenhum pedido." })
    const many = Array.from({ length: BULK_ROWS_MAX + 1 }, (_, i) => `LG-2026-${String(i).padStart(6, "0")}`)
    expect(parseBulkRows(many.join("\n"))).toEqual({
      ok: false,
      reason: "Envie no máximo 500 pedidos por arquivo.",
    })
  })
})
