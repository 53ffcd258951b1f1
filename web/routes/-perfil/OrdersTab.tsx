import { useSuspenseQuery } from "@tanstack/react-query"
import { Link, useRouteContext } from "@tanstack/react-router"
import { ChevronRight, Package } from "lucide-react"
import { PAYMENT_METHOD_LABEL } from "../../../domain/orders/order"
import { FulfilmentStatusBadge, PaymentStatusBadge } from "../../components/OrderStatusBadges"
import { formatBRL, formatDate } from "../../lib/format"

/** The customer's orders, newest first, each opening its order page. */
export function OrdersTab() {
  const trpc = useRouteContext({ from: "__root__", select: (c) => c.trpc })
  const { data: orders } = useSuspenseQuery(trpc.orders.mine.queryOptions())
  if (orders.length === 0)
    return (
      <div className="rounded-2xl surface p-8 text-center">
        <Package aria-hidden className="mx-auto h-10 w-10 text-accent" />
        <h2 className="mt-4 text-lg font-semibold">Você ainda não fez pedidos</h2>
        <p className="mt-2 text-muted">
          Quando comprar o personagem do mês ou assinar uma coleção, seus pedidos aparecem aqui.
        </p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <Link to="/colecoes" className="btn btn-primary">
            Ver coleções
          </Link>
          <Link to="/planos" className="btn btn-ghost">
            Conhecer os planos
          </Link>
        </div>
      </div>
    )
  return (
    <section aria-labelledby="orders-title">
      <h2 id="orders-title" className="sr-only">
        Seus pedidos
      </h2>
      {/* One column that may shrink: a long piece name wraps inside the card, never widens the page. */}
      <ul className="grid grid-cols-1 gap-3">
        {orders.map((order) => (
          <li key={order.id} data-testid="order-row">
            {/* The order page: payment, timeline, certificates and what the customer may do now. */}
            <Link
              to="/perfil/pedidos/$orderId"
              params={{ orderId: order.id }}
              className="flex items-center gap-4 rounded-2xl surface p-4 hover:bg-[var(--surface-2)]"
            >
              <div className="min-w-0 flex-1">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="whitespace-nowrap font-semibold">Pedido {order.number}</span>
                  {order.fulfilmentStatus ? (
                    <FulfilmentStatusBadge status={order.fulfilmentStatus} forCustomer />
                  ) : (
                    <PaymentStatusBadge status={order.status} />
                  )}
                </div>
                <p className="mt-1 line-clamp-2 break-words text-sm">
                  {order.firstItemName}
                  <span className="text-muted">
                    {" "}
                    · {order.items} {order.items === 1 ? "item" : "itens"}
                  </span>
                </p>
                <p className="mt-1 text-sm text-muted">
                  <time dateTime={new Date(order.placedAt).toISOString()}>{formatDate(order.placedAt)}</time>
                  {order.method && ` · ${PAYMENT_METHOD_LABEL[order.method]}`}
                </p>
                <p className="mt-1 font-semibold sm:hidden">{formatBRL(order.total)}</p>
              </div>
              <div className="flex shrink-0 items-center gap-2">
                <span className="hidden font-semibold sm:inline">{formatBRL(order.total)}</span>
                <ChevronRight aria-hidden className="h-5 w-5 text-muted" />
              </div>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  )
}
