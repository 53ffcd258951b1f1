import { useQueryClient, useSuspenseQuery } from "@tanstack/react-query"
import { createFileRoute, Link } from "@tanstack/react-router"
import { formatDateBR } from "../../../../domain/calendar"
import { Denied } from "../../../components/Denied"
import { PageLoading } from "../../../components/PageLoading"
import { isTrpcError } from "../../../lib/trpc"
import { adminHead, ordersAccess } from "../-orders/access"
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
    if (!UUID.test(params.orderId)) return { denied: null, missing: true, crumb: undefined }
    try {
      const get = () => context.trpc.admin.orders.get.ensureData({ orderId: params.orderId })
      const denied = await ordersAccess(context, get)
      // The trail names the order by its number, not its id.
      const crumb = denied
        ? undefined
        : { href: `/admin/orders/${params.orderId}`, label: (await get()).number }
      return { denied, missing: false, crumb }
    } catch (error) {
      if (isTrpcError(error) && error.data?.code === "NOT_FOUND")
        return { denied: null, missing: true, crumb: undefined }
      throw error
    }
  },
  head: () => adminHead("Pedido"),
  pendingComponent: () => <PageLoading label="Carregando pedido..." />,
  component: OrderPage,
})

function OrderPage() {
  const { denied, missing } = Route.useLoaderData()
  if (denied) return <Denied message={denied} />
  if (missing)
    return (
      <section role="alert" className="mx-auto max-w-xl px-4 py-20 text-center">
        <h1 className="text-2xl font-bold">Pedido não encontrado</h1>
        <Link to="/admin/orders" className="btn btn-ghost mt-6">
          Voltar aos pedidos
        </Link>
      </section>
    )
  return <OrderDetail />
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
