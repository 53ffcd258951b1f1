import { Link } from "@tanstack/react-router"
import { Package } from "lucide-react"
import type { MyPlan } from "../../lib/subscriptionsApi"
import { dateBR } from "./format"

/** The monthly shipments of the plan: each is an order, with its tracking once posted. */
export function ShipmentsTab({ plan }: { plan: MyPlan }) {
  if (plan.shipments.length === 0)
    return (
      <p className="text-muted">Nenhum envio ainda. O primeiro sai assim que o pagamento for aprovado.</p>
    )
  return (
    <ul className="grid gap-3">
      {plan.shipments.map((s) => (
        <li key={s.month} className="flex flex-wrap items-center gap-3 rounded-2xl surface p-4 text-sm">
          <Package aria-hidden className="h-5 w-5 shrink-0 text-accent" />
          <div className="min-w-0 flex-1">
            <p className="font-semibold">
              {s.characterName ?? "Personagem do mês"}{" "}
              <span className="font-normal text-muted">· {s.monthLabel}</span>
            </p>
            <p className="text-muted">
              {s.orderNumber ? `Pedido ${s.orderNumber} · ` : ""}
              {s.statusLabel}
              {s.shipsOn ? ` · envio previsto para ${dateBR(s.shipsOn)}` : ""}
            </p>
            {s.shipment?.trackingCode && (
              <p>
                Rastreio:{" "}
                <Link
                  to="/rastrear"
                  search={{ codigo: s.shipment.trackingCode }}
                  className="font-mono underline"
                >
                  {s.shipment.trackingCode}
                </Link>
              </p>
            )}
          </div>
          {s.orderId && (
            <Link
              to="/perfil/pedidos/$orderId"
              params={{ orderId: s.orderId }}
              className="btn btn-ghost text-sm"
            >
              Ver pedido<span className="sr-only"> {s.orderNumber}</span>
            </Link>
          )}
        </li>
      ))}
    </ul>
  )
}
