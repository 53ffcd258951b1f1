import { csvAmount } from "../../domain/csv"
import { PAYMENT_METHOD_LABEL } from "../../domain/orders/order"
import { averageTicket, bucketLabel } from "../../domain/reports"
import type { SalesReport } from "./getSalesReport"

/** The reports a CSV can hold, one per table of the screen. */
export const REPORT_SHEETS = ["sales", "collections", "methods", "subscriptions", "coupons"] as const
export type ReportSheet = (typeof REPORT_SHEETS)[number]

export const REPORT_SHEET_FILE: Readonly<Record<ReportSheet, string>> = {
  sales: "vendas",
  collections: "colecoes",
  methods: "formas-de-pagamento",
  subscriptions: "assinaturas",
  coupons: "cupons",
}

type Cell = string | number | null

/** A sheet's header and rows, amounts as 1234,56 (the orders CSV's pt-BR format). */
export function reportSheet(report: SalesReport, sheet: ReportSheet): { header: string[]; rows: Cell[][] } {
  switch (sheet) {
    case "sales":
      return {
        header: [
          "Período",
          "Pedidos pagos",
          "Receita de pedidos (R$)",
          "Cobranças de assinatura",
          "Receita de assinaturas (R$)",
          "Receita total (R$)",
          "Descontos (R$)",
          "Reembolsos (R$)",
          "Receita líquida (R$)",
          "Ticket médio (R$)",
        ],
        rows: report.series.map((r) => {
          const revenue = r.orderRevenue + r.subscriptionRevenue
          return [
            bucketLabel(r.bucket, report.period.grouping),
            r.orders,
            csvAmount(r.orderRevenue),
            r.charges,
            csvAmount(r.subscriptionRevenue),
            csvAmount(revenue),
            csvAmount(r.discount),
            csvAmount(r.refunded),
            csvAmount(revenue - r.refunded),
            csvAmount(averageTicket(r.orderRevenue, r.orders)),
          ]
        }),
      }
    case "collections":
      return {
        header: ["Coleção", "Pedidos", "Unidades", "Receita dos itens (R$)"],
        rows: report.collections.map((c) => [c.collectionName, c.orders, c.units, csvAmount(c.revenue)]),
      }
    case "methods":
      return {
        header: ["Forma de pagamento", "Pedidos", "Receita (R$)"],
        rows: report.methods.map((m) => [
          m.method ? PAYMENT_METHOD_LABEL[m.method] : "Sem cobrança",
          m.orders,
          csvAmount(m.revenue),
        ]),
      }
    case "subscriptions": {
      const s = report.subscriptions
      return {
        header: ["Indicador", "Valor"],
        rows: [
          ["Assinaturas ativas", s.active],
          ["Novas no período", s.newInPeriod],
          ["Canceladas no período", s.cancelledInPeriod],
          ["Receita recorrente mensal (R$)", csvAmount(s.monthlyRecurringRevenue)],
        ],
      }
    }
    case "coupons":
      return {
        header: ["Cupom", "Usos", "Desconto concedido (R$)", "Receita dos pedidos (R$)"],
        rows: report.coupons.map((c) => [c.code, c.uses, csvAmount(c.discount), csvAmount(c.revenue)]),
      }
  }
}
