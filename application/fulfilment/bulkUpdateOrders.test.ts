import { describe, expect, it } from "vitest"
import { saoPauloInstant } from "../../domain/calendar"
import { admin, type FulfilmentWorld, fulfilmentWorld } from "../../tests/fakes/fulfilmentWorld"
import { advanceOrder } from "./advanceOrder"
import { bulkUpdateOrders } from "./bulkUpdateOrders"

const NOV_10 = saoPauloInstant({ year: 2026, month: 11, day: 10 }, 10)

async function inProduction(w: FulfilmentWorld) {
  const order = await w.paidOrder()
  await w.ok(advanceOrder({ orderId: order.id, actionKey: w.key(), step: "start_production" }), admin)
  return order
}

describe("bulk updates from a file", () => {
  it("ships several orders at once, reporting each row, and does nothing twice when the file is sent again", async () => {
    const w = fulfilmentWorld({ now: NOV_10 })
    const a = await inProduction(w)
    const b = await inProduction(w)
    const notReady = await w.paidOrder()
    const produced = `${a.number}\n${b.number.toLowerCase()}\n`
    const marked = await w.ok(
      bulkUpdateOrders({
        action: "mark_produced",
        batchKey: w.key(),
        csv: produced,
        carrier: "",
        service: "",
      }),
      admin,
    )
    expect([marked.succeeded, marked.failed]).toEqual([2, 0])
    const file = `Pedido;Código\n${a.number};AA111111111BR\n${b.number};BB222222222BR\n${notReady.number};CC3333333BR\nLG-2026-999999;DD4\n`
    const input = {
      action: "ship" as const,
      batchKey: w.key(),
      csv: file,
      carrier: "Correios",
      service: "PAC",
    }
    const report = await w.ok(bulkUpdateOrders(input), admin)
    expect(report.results).toEqual([
      { line: 2, orderNumber: a.number, ok: true, message: "Atualizado" },
      { line: 3, orderNumber: b.number, ok: true, message: "Atualizado" },
      {
        line: 4,
        orderNumber: notReady.number,
        ok: false,
        message: "Não é possível enviar o pedido: o pedido ainda aguarda produção.",
      },
      { line: 5, orderNumber: "LG-2026-999999", ok: false, message: "Pedido não encontrado." },
    ])
    const again = await w.ok(bulkUpdateOrders(input), admin)
    expect(again.results.slice(0, 2).map((r) => r.message)).toEqual(["Já atualizado", "Já atualizado"])
    expect(w.eventTypes().filter((t) => t === "OrderShipped")).toHaveLength(2)
    expect(w.f.fulfilment(b.id)?.shipments[0]).toMatchObject({
      trackingCode: "BB222222222BR",
      service: "PAC",
    })
  })

  it("refuses an empty file", async () => {
    const w = fulfilmentWorld({ now: NOV_10 })
    expect(
      await w.fails(
        bulkUpdateOrders({ action: "ship", batchKey: w.key(), csv: "\n", carrier: "", service: "" }),
        admin,
      ),
    ).toMatchObject({ _tag: "InvalidInput", message: "O arquivo não tem nenhum pedido." })
  })
})
