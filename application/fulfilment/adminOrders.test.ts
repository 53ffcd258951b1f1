import { describe, expect, it } from "vitest"
import { saoPauloInstant } from "../../domain/calendar"
import { admin, type FulfilmentWorld, fulfilmentWorld } from "../../tests/fakes/fulfilmentWorld"
import { ana } from "../../tests/fakes/ordersWorld"
import { placeOrder } from "../orders/placeOrder"
import { addOrderNote } from "./addOrderNote"
import { advanceOrder } from "./advanceOrder"
import { bulkUpdateOrders } from "./bulkUpdateOrders"
import { exportAdminOrders } from "./exportAdminOrders"
import { getAdminOrder } from "./getAdminOrder"
import { listAdminOrders } from "./listAdminOrders"
import { csvField } from "./ordersCsv"

const NOV_10 = saoPauloInstant({ year: 2026, month: 11, day: 10 }, 10)

async function inProduction(w: FulfilmentWorld) {
  const order = await w.paidOrder()
  await w.ok(advanceOrder({ orderId: order.id, actionKey: w.key(), step: "start_production" }), admin)
  return order
}

describe("the admin order page", () => {
  it("shows payment, customer, audit, notes and the actions the state machine allows", async () => {
    const w = fulfilmentWorld({ now: NOV_10 })
    const order = await inProduction(w)
    const note = { orderId: order.id, actionKey: w.key(), body: "  Embalar para presente.  " }
    expect(await w.ok(addOrderNote(note), admin)).toEqual({ repeated: false })
    expect(await w.ok(addOrderNote(note), admin)).toEqual({ repeated: true })
    const page = await w.ok(getAdminOrder(order.id), admin)
    expect(page.customer).toEqual({ userId: ana.id, name: "Ana Souza", email: ana.email, cpf: "52998224725" })
    expect(page.payment?.status).toBe("approved")
    expect(page.fulfilment?.status).toBe("in_production")
    expect(page.notes.map((n) => [n.body, n.authorEmail])).toEqual([["Embalar para presente.", admin.email]])
    expect(page.audit.map((e) => e.action)).toEqual(["start_production", "note"])
    expect(page.actions).toMatchObject({
      start_production: false,
      mark_produced: true,
      ship: false,
      cancel: true,
      refund: true,
      decideRequests: [],
    })
  })

  it("refuses an empty or too long note, and a customer", async () => {
    const w = fulfilmentWorld({ now: NOV_10 })
    const order = await w.paidOrder()
    expect(
      await w.fails(addOrderNote({ orderId: order.id, actionKey: w.key(), body: " " }), admin),
    ).toMatchObject({
      _tag: "InvalidInput",
      message: "Escreva a nota (até 2000 caracteres).",
    })
    expect(await w.fails(getAdminOrder(order.id), ana)).toMatchObject({ _tag: "Forbidden" })
  })
})

describe("the admin order list", () => {
  it("filters, searches and pages on the server, and exports the filtered list as CSV", async () => {
    const w = fulfilmentWorld({
      now: NOV_10,
      script: [{ status: "approved" }, { status: "approved" }, { status: "pending" }],
    })
    const first = await inProduction(w)
    const second = await w.paidOrder()
    w.db.setCart(ana.id, [{ productId: w.product.id, quantity: 1 }])
    const pending = await w.ok(
      placeOrder(w.input({ idempotencyKey: "order-key-pix", payment: { method: "pix" } })),
    )
    const all = await w.ok(listAdminOrders({ filter: {}, page: 1, pageSize: 2 }), admin)
    expect([all.total, all.rows.length, all.pages]).toEqual([3, 2, 2])
    const only = async (filter: Parameters<typeof listAdminOrders>[0]["filter"]) =>
      (await w.ok(listAdminOrders({ filter, page: 1, pageSize: 25 }), admin)).rows.map((r) => r.id)
    expect(await only({ fulfilmentStatus: "in_production" })).toEqual([first.id])
    expect(await only({ status: "awaiting_payment" })).toEqual([pending.id])
    expect(await only({ method: "pix" })).toEqual([pending.id])
    expect(await only({ search: second.number.toLowerCase() })).toEqual([second.id])
    expect((await only({ search: "ANA@EXAMPLE.COM" })).length).toBe(3)
    const csv = await w.ok(exportAdminOrders({ status: "paid" }), admin)
    expect(csv).toMatchObject({ filename: "pedidos-2026-11-10.csv", count: 2 })
    const lines = csv.content
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n")
    expect(lines[0]).toBe(
      "Pedido;Data;Cliente;E-mail;Pagamento;Status do pagamento;Status do pedido;Total (R$);Itens;Coleções;Código de rastreio;Código da transportadora",
    )
    expect(lines).toHaveLength(3)
    expect(
      lines.some((l) =>
        l.startsWith(
          `${first.number};10/11/2026 10:00;Ana Souza;${ana.email};Cartão de crédito;Pago;Em produção;`,
        ),
      ),
    ).toBe(true)
  })

  it("defuses spreadsheet formulas and quotes separators", () => {
    expect(csvField('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"')
    expect(csvField("a;b")).toBe('"a;b"')
    expect(csvField("Ana")).toBe("Ana")
  })
})

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
