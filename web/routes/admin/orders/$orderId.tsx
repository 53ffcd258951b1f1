import { useQueryClient, useSuspenseQuery } from "@tanstack/react-query"
import { createFileRoute, notFound } from "@tanstack/react-router"
import { formatDateBR } from "../../../../domain/calendar"
import { Denied } from "../../../components/Denied"
import { NotFound } from "../../../components/NotFound"
import { PageLoading } from "../../../components/PageLoading"
import { orNotFound } from "../../../lib/notFound"
import { adminHead } from "../../../lib/seo"
import { ordersAccess } from "../-orders/access"
import { ActionsSection, NotesSection, RequestsSection } from "../-orders/OrderActions"
import {
  AuditSection,
  CertificatesSection,
  CustomerSection,
  dateTime,
  EventsSection,
  LinesSection,
  PaymentsSection,
  RefundsSection,
  ShipmentSection,
} from "../-orders/OrderSections"
import { usePerformers } from "../-orders/performers"
import { StatusBadges } from "../-orders/StatusBadges"

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export const Route = createFileRoute("/admin/orders/$orderId")({
  loader: async ({ context, params }) => {
    const get = async () => {
      if (!UUID.test(params.orderId)) throw notFound()
      return orNotFound(context.trpc.admin.orders.get.ensureData({ orderId: params.orderId }))
    }
    // Access is settled before the order is looked up: a refusal never tells whether the order exists.
    const denied = await ordersAccess(context, get)
    if (denied) return { denied, crumb: undefined }
    // The trail names the order by its number, not its id.
    return { denied, crumb: { href: `/admin/orders/${params.orderId}`, label: (await get()).number } }
  },
  head: ({ loaderData }) => adminHead(loaderData ? "Pedido" : "Pedido não encontrado"),
  pendingComponent: () => <PageLoading label="Carregando pedido..." />,
  notFoundComponent: () => (
    <NotFound title="Pedido não encontrado">Confira o link ou procure o pedido na lista de pedidos.</NotFound>
  ),
  component: OrderPage,
})

function OrderPage() {
  const { denied } = Route.useLoaderData()
  return denied ? <Denied message={denied} /> : <OrderDetail />
}

function OrderDetail() {
  const { trpc } = Route.useRouteContext()
  const { orderId } = Route.useParams()
  const queryClient = useQueryClient()
  const options = trpc.admin.orders.get.queryOptions({ orderId })
  const { data: order } = useSuspenseQuery(options)
  const performers = usePerformers(orderId)
  const refresh = () => queryClient.invalidateQueries({ queryKey: options.queryKey })
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="text-3xl font-bold tracking-tight">Pedido {order.number}</h1>
      <p className="mt-2 flex flex-wrap items-center gap-2 text-sm text-muted">
        <StatusBadges status={order.status} fulfilmentStatus={order.fulfilment?.status ?? null} />
        <span>Realizado em {dateTime(order.placedAt)}</span>
        {order.paidAt && <span>· pago em {dateTime(order.paidAt)}</span>}
        {order.fulfilment
          ? order.fulfilment.shipDateText && <span>· {order.fulfilment.shipDateText}</span>
          : order.shipsOn && <span>· envio previsto em {formatDateBR(order.shipsOn)}</span>}
      </p>
      <div className="mt-6 grid gap-4 lg:grid-cols-[2fr_1fr]">
        <div className="space-y-4">
          <ActionsSection order={order} performers={performers} onDone={refresh} />
          <LinesSection order={order} />
          <PaymentsSection order={order} />
          <ShipmentSection order={order} />
          <RefundsSection order={order} />
          <RequestsSection order={order} performers={performers} onDone={refresh} />
        </div>
        <div className="space-y-4">
          <CustomerSection order={order} />
          <CertificatesSection order={order} />
          <NotesSection order={order} performers={performers} onDone={refresh} />
          <AuditSection order={order} />
          <EventsSection order={order} />
        </div>
      </div>
    </div>
  )
}
