import { useSuspenseQuery } from "@tanstack/react-query"
import { createFileRoute, useNavigate } from "@tanstack/react-router"
import { Download } from "lucide-react"
import type { FormEvent, ReactNode } from "react"
import { PAYMENT_METHOD_LABEL } from "../../../domain/orders/order"
import {
  averageTicket,
  bucketLabel,
  REPORT_GROUPING_LABEL,
  REPORT_GROUPINGS,
  REPORT_PRESET_LABEL,
  REPORT_PRESETS,
} from "../../../domain/reports"
import { Denied } from "../../components/Denied"
import { PageLoading } from "../../components/PageLoading"
import { adminAccess } from "../../lib/adminAccess"
import { formatBRL } from "../../lib/format"
import { adminHead } from "../../lib/seo"
import { RevenueChart } from "./-reports/RevenueChart"
import { type ReportsSearch, reportCsvHref, validateReportsSearch } from "./-reports/search"

export const Route = createFileRoute("/admin/reports")({
  validateSearch: (search: Record<string, unknown>): Partial<Record<keyof ReportsSearch, unknown>> => search,
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps }) => ({
    denied: await adminAccess(context, "view_analytics", () =>
      context.trpc.admin.reports.sales.ensureData(validateReportsSearch(deps)),
    ),
  }),
  head: () => adminHead("Relatórios"),
  pendingComponent: () => <PageLoading label="Carregando relatórios..." />,
  component: ReportsPage,
})

function ReportsPage() {
  const { denied } = Route.useLoaderData()
  if (denied) return <Denied message={denied} />
  return <Reports />
}

const fieldClass = "min-h-11 w-full rounded-xl border border-theme bg-[var(--surface)] px-3"
const dayText = (iso: string) => iso.split("-").reverse().join("/")

function Reports() {
  const { trpc } = Route.useRouteContext()
  const search = validateReportsSearch(Route.useSearch())
  const navigate = useNavigate({ from: Route.fullPath })
  const { data } = useSuspenseQuery(trpc.admin.reports.sales.queryOptions(search))
  const { totals, subscriptions } = data
  const grouping = data.period.grouping

  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    void navigate({ search: validateReportsSearch(Object.fromEntries(new FormData(event.currentTarget))) })
  }
  const points = data.series.map((r) => ({
    label: bucketLabel(r.bucket, grouping),
    revenue: r.orderRevenue + r.subscriptionRevenue,
    net: r.orderRevenue + r.subscriptionRevenue - r.refunded,
  }))
  const cards = [
    [
      "Receita",
      formatBRL(totals.revenue),
      `pedidos ${formatBRL(totals.orderRevenue)} + assinaturas ${formatBRL(totals.subscriptionRevenue)}`,
    ],
    ["Pedidos pagos", String(totals.orders), `${totals.charges} cobranças de assinatura à parte`],
    [
      "Ticket médio",
      formatBRL(totals.averageTicket),
      "receita de pedidos ÷ pedidos pagos, arredondado ao centavo",
    ],
    [
      "Receita líquida",
      formatBRL(totals.netRevenue),
      `reembolsos de ${formatBRL(totals.refunded)} no período`,
    ],
  ] as const

  return (
    <div className="px-4 py-8">
      <h1 className="text-3xl font-bold tracking-tight">Relatórios</h1>
      <p className="mt-1 text-muted">
        De {dayText(data.period.first)} a {dayText(data.period.last)} (horário de Brasília)
      </p>

      <form
        key={JSON.stringify(search)}
        aria-label="Filtrar relatórios"
        method="get"
        action="/admin/reports"
        onSubmit={apply}
        className="mt-6 grid gap-3 rounded-2xl surface p-4 sm:grid-cols-2 lg:grid-cols-5"
      >
        <Field id="reports-preset" label="Período">
          <select id="reports-preset" name="preset" defaultValue={search.preset} className={fieldClass}>
            {REPORT_PRESETS.map((p) => (
              <option key={p} value={p}>
                {REPORT_PRESET_LABEL[p]}
              </option>
            ))}
          </select>
        </Field>
        <Field id="reports-from" label="De (personalizado)">
          <input
            id="reports-from"
            name="from"
            type="date"
            defaultValue={search.from ?? data.period.first}
            className={fieldClass}
          />
        </Field>
        <Field id="reports-to" label="Até (personalizado)">
          <input
            id="reports-to"
            name="to"
            type="date"
            defaultValue={search.to ?? data.period.last}
            className={fieldClass}
          />
        </Field>
        <Field id="reports-grouping" label="Agrupar por">
          <select id="reports-grouping" name="grouping" defaultValue={grouping} className={fieldClass}>
            {REPORT_GROUPINGS.map((g) => (
              <option key={g} value={g}>
                {REPORT_GROUPING_LABEL[g]}
              </option>
            ))}
          </select>
        </Field>
        <div className="flex items-end">
          <button type="submit" className="btn btn-primary w-full">
            Aplicar
          </button>
        </div>
      </form>

      <dl className="mt-8 grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {cards.map(([label, value, hint]) => (
          <div key={label} className="rounded-2xl surface p-4">
            <dt className="text-sm text-muted">{label}</dt>
            <dd className="mt-1 text-3xl font-bold tabular-nums">{value}</dd>
            <dd className="mt-1 text-xs text-muted">{hint}</dd>
          </div>
        ))}
      </dl>

      <Section title="Receita por período" csv={reportCsvHref("sales", search)}>
        <RevenueChart points={points} tableId="report-sales" />
        <Table
          id="report-sales"
          caption={`Receita por ${REPORT_GROUPING_LABEL[grouping].toLowerCase()}`}
          head={[
            "Período",
            "Pedidos pagos",
            "Receita de pedidos",
            "Assinaturas",
            "Reembolsos",
            "Receita líquida",
            "Ticket médio",
          ]}
          rows={data.series.map((r) => [
            bucketLabel(r.bucket, grouping),
            r.orders,
            formatBRL(r.orderRevenue),
            formatBRL(r.subscriptionRevenue),
            formatBRL(r.refunded),
            formatBRL(r.orderRevenue + r.subscriptionRevenue - r.refunded),
            formatBRL(averageTicket(r.orderRevenue, r.orders)),
          ])}
        />
      </Section>

      <div className="grid gap-x-6 xl:grid-cols-2">
        <Section title="Por coleção" csv={reportCsvHref("collections", search)}>
          <Table
            id="report-collections"
            caption="Itens vendidos por coleção (preço dos itens, antes de desconto e frete)"
            head={["Coleção", "Pedidos", "Unidades", "Receita dos itens"]}
            rows={data.collections.map((c) => [c.collectionName, c.orders, c.units, formatBRL(c.revenue)])}
          />
        </Section>
        <Section title="Por forma de pagamento" csv={reportCsvHref("methods", search)}>
          <Table
            id="report-methods"
            caption="Pedidos pagos pela forma do pagamento aprovado"
            head={["Forma de pagamento", "Pedidos", "Receita"]}
            rows={data.methods.map((m) => [
              m.method ? PAYMENT_METHOD_LABEL[m.method] : "Sem cobrança",
              m.orders,
              formatBRL(m.revenue),
            ])}
          />
        </Section>
        <Section title="Assinaturas" csv={reportCsvHref("subscriptions", search)}>
          <Table
            id="report-subscriptions"
            caption="Receita recorrente mensal: cada assinatura ativa dividida pelos meses que a cobrança cobre (bimestral ÷ 2), arredondada ao centavo"
            head={["Indicador", "Valor"]}
            rows={[
              ["Ativas agora", subscriptions.active],
              ["Novas no período", subscriptions.newInPeriod],
              ["Canceladas no período", subscriptions.cancelledInPeriod],
              ["Receita recorrente mensal", formatBRL(subscriptions.monthlyRecurringRevenue)],
            ]}
          />
        </Section>
        <Section title="Cupons" csv={reportCsvHref("coupons", search)}>
          <Table
            id="report-coupons"
            caption="Desempenho dos cupons em pedidos pagos"
            head={["Cupom", "Usos", "Desconto concedido", "Receita dos pedidos"]}
            rows={data.coupons.map((c) => [c.code, c.uses, formatBRL(c.discount), formatBRL(c.revenue)])}
          />
        </Section>
      </div>
    </div>
  )
}

function Field({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium">
        {label}
      </label>
      {children}
    </div>
  )
}

function Section({ title, csv, children }: { title: string; csv: string; children: ReactNode }) {
  return (
    <section className="mt-10 min-w-0" aria-label={title}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-semibold">{title}</h2>
        <a href={csv} className="btn btn-ghost" download>
          <Download aria-hidden className="h-4 w-4" /> Exportar CSV
        </a>
      </div>
      {children}
    </section>
  )
}

function Table({
  id,
  caption,
  head,
  rows,
}: {
  id: string
  caption: string
  head: readonly string[]
  rows: readonly (readonly (string | number)[])[]
}) {
  return (
    <div className="relative mt-4 overflow-x-auto rounded-2xl surface">
      <table id={id} className="w-full text-sm">
        <caption className="px-4 pt-3 text-left text-xs text-muted">{caption}</caption>
        <thead>
          <tr>
            {head.map((h, i) => (
              <th
                key={h}
                scope="col"
                className={`px-4 py-2 font-medium ${i === 0 ? "text-left" : "text-right"}`}
              >
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={head.length} className="px-4 py-3 text-muted">
                Nada no período.
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={String(row[0])} className="border-t border-theme">
                {row.map((cell, i) => (
                  <td
                    key={head[i]}
                    className={`px-4 py-2 tabular-nums ${i === 0 ? "text-left" : "text-right"}`}
                  >
                    {cell}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  )
}
