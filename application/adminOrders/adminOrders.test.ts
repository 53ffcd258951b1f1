import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { saoPauloInstant } from "../../domain/calendar"
import { CSV_BOM } from "../../domain/csv"
import { orderContents } from "../../domain/subscriptions/prepaidPlans"
import { admin, fulfilmentWorld, moderator } from "../../tests/fakes/fulfilmentWorld"
import { ana } from "../../tests/fakes/ordersWorld"
import { strictFake } from "../../tests/fakes/strict"
import { addOrderNote } from "../fulfilment/addOrderNote"
import { advanceOrder } from "../fulfilment/advanceOrder"
import { shipOrder } from "../fulfilment/shipOrder"
import {
  type AdminOrderFilter,
  AdminOrderQueries,
  type AdminOrderRow,
  type AdminOrderSort,
} from "../ports/AdminOrderQueries"
import { exportAdminOrders } from "./exportAdminOrders"
import { getAdminOrder } from "./getAdminOrder"
import { listAdminOrders } from "./listAdminOrders"

const NOV_10 = saoPauloInstant({ year: 2026, month: 11, day: 10 }, 10)

const row = (n: number, over: Partial<AdminOrderRow> = {}): AdminOrderRow => ({
  id: `order-${n}`,
  number: `LG-2026-${String(n).padStart(6, "0")}`,
  trackingCode: "8R1CG2-G03G02",
  placedAt: NOV_10,
  paidAt: NOV_10 + 60_000,
  status: "paid",
  fulfilmentStatus: "awaiting_production",
  subtotal: 29990,
  discount: 2999,
  shipping: 2850,
  total: 123456,
  method: "card",
  installments: 3,
  items: 1,
  plan: null,
  customerName: "Ana Souza",
  email: "ana@example.com",
  cpf: "12345678909",
  city: "São Paulo",
  state: "SP",
  carrier: null,
  carrierCode: null,
  collections: ["Anime", "Games"],
  ...over,
})

/** A list port that answers from `rows` and remembers what it was asked: the SQL itself is the adapter's test. */
function scriptedList(rows: readonly AdminOrderRow[]) {
  const asked: { filter: AdminOrderFilter; sort: AdminOrderSort; offset: number; limit: number }[] = []
  const port = strictFake<AdminOrderQueries["Service"]>("AdminOrderQueries", {
    list: (filter, sort, page) =>
      Effect.sync(() => {
        asked.push({ filter, sort, ...page })
        return { rows: rows.slice(page.offset, page.offset + page.limit), total: rows.length }
      }),
  })
  return { asked, provide: Effect.provideService(AdminOrderQueries, port) }
}

describe("listAdminOrders", () => {
  it("turns the page's filters into the port's: São Paulo days, both ends included, and the search readings", async () => {
    const w = fulfilmentWorld({ now: NOV_10 })
    const list = scriptedList([row(1), row(2), row(3)])
    const page = await w.ok(
      listAdminOrders({
        payment: "paid",
        fulfilment: "in_production",
        method: "pix",
        collection: "c-1",
        from: "2026-11-01",
        to: "2026-11-30",
        q: " ana@Example.com ",
        sort: "total_desc",
        page: 2,
        pageSize: 10,
      }).pipe(list.provide),
      admin,
    )
    expect(list.asked).toEqual([
      {
        filter: {
          paymentStatus: "paid",
          fulfilmentStatus: "in_production",
          method: "pix",
          collectionId: "c-1",
          placedFrom: saoPauloInstant({ year: 2026, month: 11, day: 1 }, 0),
          placedBefore: saoPauloInstant({ year: 2026, month: 12, day: 1 }, 0),
          search: { code: null, cpf: null, email: "ana@example.com" },
        },
        sort: "total_desc",
        offset: 10,
        limit: 10,
      },
    ])
    expect(page).toMatchObject({ total: 3, page: 2, pageSize: 10, pageCount: 1 })
  })

  it("lists the most recent first, 25 a page, with no filter", async () => {
    const w = fulfilmentWorld({ now: NOV_10 })
    const list = scriptedList(Array.from({ length: 30 }, (_, i) => row(i + 1)))
    const page = await w.ok(listAdminOrders({}).pipe(list.provide), moderator)
    expect(list.asked[0]).toMatchObject({ sort: "recent", offset: 0, limit: 25 })
    expect(list.asked[0]?.filter).toMatchObject({ paymentStatus: null, search: null, placedFrom: null })
    expect(page).toMatchObject({ total: 30, pageCount: 2 })
    expect(page.rows).toHaveLength(25)
  })

  it("refuses a period that ends before it starts, a bad date or page, in pt-BR, asking nothing", async () => {
    const w = fulfilmentWorld({ now: NOV_10 })
    const list = scriptedList([])
    const refusal = (input: Parameters<typeof listAdminOrders>[0]) =>
      w.fails(listAdminOrders(input).pipe(list.provide), admin)
    expect(await refusal({ from: "2026-11-10", to: "2026-11-09" })).toMatchObject({
      message: "A data final deve ser igual ou posterior à data inicial.",
    })
    expect(await refusal({ from: "2026-02-30" })).toMatchObject({ message: "Data inicial inválida." })
    expect(await refusal({ pageSize: 7 })).toMatchObject({
      message: "Quantidade de pedidos por página inválida.",
    })
    expect(await refusal({ page: 0 })).toMatchObject({ message: "Página inválida." })
    expect(list.asked).toEqual([])
  })

  it("is for order managers only", async () => {
    const w = fulfilmentWorld({ now: NOV_10 })
    const list = scriptedList([])
    expect(await w.fails(listAdminOrders({}).pipe(list.provide), ana)).toMatchObject({ _tag: "Forbidden" })
    expect(await w.fails(listAdminOrders({}).pipe(list.provide), null)).toMatchObject({ _tag: "NotSignedIn" })
    expect(list.asked).toEqual([])
  })
})

describe("exportAdminOrders", () => {
  it("writes the filtered list for Excel in pt-BR: BOM, ; and amounts as 1234,56", async () => {
    const w = fulfilmentWorld({ now: NOV_10 })
    const list = scriptedList([row(1, { customerName: "=cmd; Ana" }), row(2, { email: null, cpf: null })])
    const csv = await w.ok(exportAdminOrders({ payment: "paid" }).pipe(list.provide), admin)
    expect(csv.filename).toBe("pedidos-2026-11-10.csv")
    expect(csv).toMatchObject({ rows: 2, truncated: false })
    expect(csv.body.startsWith(CSV_BOM)).toBe(true)
    const lines = csv.body.slice(1).split("\r\n")
    expect(lines[0]).toBe(
      "Número;Data do pedido;Data do pagamento;Cliente;E-mail;CPF;Status do pagamento;Status do pedido;" +
        "Forma de pagamento;Parcelas;Itens;Coleções;Subtotal (R$);Desconto (R$);Frete (R$);Total (R$);Cidade;UF;" +
        "Código de rastreamento;Transportadora;Código da transportadora",
    )
    expect(lines[1]).toBe(
      `LG-2026-000001;10/11/2026 10:00;10/11/2026 10:01;"'=cmd; Ana";ana@example.com;12345678909;Pago;` +
        "Pedido confirmado;Cartão de crédito;3;1;Anime, Games;299,90;29,99;28,50;1234,56;São Paulo;SP;8R1CG2-G03G02;;",
    )
    expect(lines[2]).toContain("LG-2026-000002;10/11/2026 10:00;10/11/2026 10:01;Ana Souza;;;Pago")
    expect(lines[3]).toBe("")
    expect(list.asked[0]?.filter.paymentStatus).toBe("paid")
  })

  it("says what a plan order is, as the list does, instead of a count of items", async () => {
    const w = fulfilmentWorld({ now: NOV_10 })
    const plan = "Plano Trimestral — Coleção Anime, 3 meses"
    const list = scriptedList([row(1, { plan, collections: ["Anime"] })])
    const csv = await w.ok(exportAdminOrders({}).pipe(list.provide), admin)
    expect(csv.body.split("\r\n")[1]).toContain(`;3;${plan};Anime;`)
    expect(orderContents(row(1, { plan }))).toBe(plan)
    expect(orderContents(row(1, { items: 2 }))).toBe("2 itens")
    expect(orderContents(row(1))).toBe("1 item")
  })

  it("reads a long list in batches, in the list's order", async () => {
    const w = fulfilmentWorld({ now: NOV_10 })
    const list = scriptedList(Array.from({ length: 1234 }, (_, i) => row(i + 1)))
    const csv = await w.ok(exportAdminOrders({ sort: "oldest" }).pipe(list.provide), admin)
    expect(csv.rows).toBe(1234)
    expect(list.asked.map((a) => [a.sort, a.offset, a.limit])).toEqual([
      ["oldest", 0, 500],
      ["oldest", 500, 500],
      ["oldest", 1000, 500],
    ])
    expect(csv.body.split("\r\n")[1]?.startsWith("LG-2026-000001;")).toBe(true)
  })

  it("is for order managers only", async () => {
    const w = fulfilmentWorld({ now: NOV_10 })
    const list = scriptedList([row(1)])
    expect(await w.fails(exportAdminOrders({}).pipe(list.provide), ana)).toMatchObject({ _tag: "Forbidden" })
    expect(list.asked).toEqual([])
  })
})

describe("getAdminOrder", () => {
  const detailPorts = (w: ReturnType<typeof fulfilmentWorld>) =>
    Effect.provideService(
      AdminOrderQueries,
      strictFake<AdminOrderQueries["Service"]>("AdminOrderQueries", {
        attempts: (orderId) => Effect.sync(() => w.db.attempts(orderId)),
        events: (orderId) =>
          Effect.sync(() =>
            w.events
              .filter((e) => e.aggregateId === orderId)
              .map((e, i) => ({
                id: String(i + 1),
                type: e.type,
                occurredAt: NOV_10,
                status: "done" as const,
              })),
          ),
      }),
    )

  it("shows everything about the order and the actions its state allows", async () => {
    const w = fulfilmentWorld({ now: NOV_10 })
    const order = await w.paidOrder()
    const view = await w.ok(getAdminOrder(order.id).pipe(detailPorts(w)), admin)
    expect(view).toMatchObject({
      number: order.number,
      cpf: "52998224725",
      customer: { name: "Ana Souza", email: ana.email },
      statusLabel: "Pago",
      fulfilment: { status: "awaiting_production" },
      actions: { available: ["start_production", "cancel", "refund"], requests: [] },
      audit: [],
      notes: [],
    })
    expect(view.lines[0]?.serials).toHaveLength(1)
    expect(view.attempts).toEqual([
      expect.objectContaining({
        method: "card",
        methodLabel: "Cartão de crédito",
        status: "approved",
        statusLabel: "Aprovado",
      }),
    ])
    expect(view.events.map((e) => e.label)).toEqual(["Pedido realizado", "Pagamento aprovado"])
  })

  it("lists the audit log with who did what, the shipment and the next actions", async () => {
    const w = fulfilmentWorld({ now: NOV_10 })
    const order = await w.paidOrder()
    for (const step of ["start_production", "mark_produced"] as const)
      await w.ok(advanceOrder({ orderId: order.id, actionKey: w.key(), step }), admin)
    await w.ok(
      shipOrder({
        orderId: order.id,
        actionKey: w.key(),
        carrier: "Correios",
        service: "SEDEX",
        trackingCode: "AA123456789BR",
      }),
      moderator,
    )
    const view = await w.ok(getAdminOrder(order.id).pipe(detailPorts(w)), moderator)
    expect(view.audit.map((e) => [e.label, e.actorEmail])).toEqual([
      ["Produção iniciada", admin.email],
      ["Marcado como produzido", admin.email],
      ["Pedido enviado", moderator.email],
    ])
    expect(view.audit.at(-1)?.detailText).toBe(
      "De: Produto finalizado → Para: Postado · Transportadora: Correios · Serviço: SEDEX · Código de rastreamento: AA123456789BR",
    )
    expect(view.fulfilment?.shipments).toEqual([
      expect.objectContaining({ carrier: "Correios", trackingCode: "AA123456789BR", status: "shipped" }),
    ])
    expect(view.actions.available).toEqual([
      "mark_in_transit",
      "mark_delivered",
      "mark_delivery_failed",
      "refund",
    ])
  })

  it("shows internal notes, each written once per action key and audited, and refuses an empty one", async () => {
    const w = fulfilmentWorld({ now: NOV_10 })
    const order = await w.paidOrder()
    const note = { orderId: order.id, actionKey: w.key(), body: "  Embalar para presente.  " }
    expect(await w.ok(addOrderNote(note), admin)).toEqual({ repeated: false })
    expect(await w.ok(addOrderNote(note), admin)).toEqual({ repeated: true })
    expect(
      await w.fails(addOrderNote({ orderId: order.id, actionKey: w.key(), body: " " }), admin),
    ).toMatchObject({ _tag: "InvalidInput", message: "Escreva a nota (até 2000 caracteres)." })
    const view = await w.ok(getAdminOrder(order.id).pipe(detailPorts(w)), admin)
    expect(view.notes.map((n) => [n.body, n.authorEmail])).toEqual([["Embalar para presente.", admin.email]])
    expect(view.audit.map((e) => [e.action, e.label, e.actorEmail])).toEqual([
      ["note", "Nota interna", admin.email],
    ])
  })

  it("answers an unknown order as not found, and a customer as forbidden", async () => {
    const w = fulfilmentWorld({ now: NOV_10 })
    const order = await w.paidOrder()
    expect(
      await w.fails(getAdminOrder("00000000-0000-4000-8000-000000000000").pipe(detailPorts(w)), admin),
    ).toMatchObject({ _tag: "OrderNotFound" })
    expect(await w.fails(getAdminOrder(order.id).pipe(detailPorts(w)), ana)).toMatchObject({
      _tag: "Forbidden",
    })
  })
})
