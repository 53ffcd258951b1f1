import { Lock, Tag } from "lucide-react"
import { FREE_SHIPPING_LABEL } from "../../../domain/shipping/shipping"
import { Img } from "../../components/Img"
import { LineProblem } from "../../components/LineProblem"
import { formatBRL } from "../../lib/format"

export interface SummaryLine {
  readonly productId: string
  readonly name: string
  readonly collectionName: string
  readonly imageUrl: string
  readonly unitPrice: number
  readonly quantity: number
  /** An edition's per-collector limit this line passes (from the cart). */
  readonly limitProblem?: string | undefined
}

export interface SummaryData {
  readonly lines: readonly SummaryLine[]
  readonly totals: {
    subtotal: number
    discount: number
    shipping: number
    total: number
    coinsDiscount?: number
    pixDiscount?: number
  }
  /** "5%" when the totals are PIX's, with its discount. */
  readonly pixPercent?: string | null
  readonly couponCode: string | null
  readonly shippingName: string | null
  /** A prepaid plan bought instead of figures: it is the one "line". */
  readonly plan?: {
    readonly label: string
    readonly months: number
    /** Once priced for the collector: the first month covered, after those they already hold. */
    readonly firstMonthNote?: string
  } | null
}

/**
 * A line of the totals: the amount (one unbreakable "R$ 1.234,56") goes under its label when both do not fit,
 * so a long one never pushes out of the card on a phone.
 */
const ROW = "flex flex-wrap justify-between gap-x-3 [&>dd]:ml-auto [&>dd]:text-right"

/** The order as the server priced it: the only numbers the page shows. */
export function OrderSummary({
  data,
  pending,
  couponNote = null,
}: {
  data: SummaryData | null
  pending: boolean
  /** Why the coupon applied before a reload no longer applies. */
  couponNote?: string | null
}) {
  const items = data?.lines.reduce((n, l) => n + l.quantity, 0) ?? 0
  const plan = data?.plan ?? null
  return (
    <aside
      className="h-fit rounded-2xl surface p-6 lg:sticky lg:top-24"
      aria-labelledby="checkout-summary-title"
      aria-busy={pending}
    >
      <h2 id="checkout-summary-title" className="text-lg font-semibold">
        Resumo do pedido
      </h2>
      {!data ? (
        <div className="mt-4 grid gap-3" aria-hidden>
          <div className="h-16 animate-pulse rounded-xl surface-2" />
          <div className="h-4 w-2/3 animate-pulse rounded surface-2" />
          <div className="h-4 w-1/2 animate-pulse rounded surface-2" />
        </div>
      ) : (
        <>
          {plan && (
            <>
              <p className="mt-4 text-sm font-medium" data-testid="summary-plan">
                {plan.label}
              </p>
              {plan.firstMonthNote && (
                <p className="mt-1 text-sm text-muted" data-testid="summary-plan-start">
                  {plan.firstMonthNote}
                </p>
              )}
            </>
          )}
          <ul className="mt-4 grid grid-cols-1 gap-3" data-testid="summary-lines">
            {data.lines.map((line) => (
              <li key={line.productId} className="flex flex-wrap gap-3">
                {line.imageUrl ? (
                  <Img
                    src={line.imageUrl}
                    alt=""
                    width={600}
                    height={800}
                    sizes="48px"
                    className="h-16 w-12 shrink-0 rounded-lg object-cover"
                  />
                ) : (
                  <div className="h-16 w-12 shrink-0 rounded-lg surface-2" />
                )}
                <div className="min-w-0 flex-1 text-sm">
                  <p className="truncate font-medium">{line.name}</p>
                  <p className="truncate text-muted">
                    {line.collectionName} · {line.quantity}×
                  </p>
                  <LineProblem text={line.limitProblem} />
                </div>
                <span className="ml-auto text-sm font-medium whitespace-nowrap">
                  {formatBRL(line.unitPrice * line.quantity)}
                </span>
              </li>
            ))}
          </ul>
          <dl className="mt-5 grid gap-2 border-t border-theme pt-4 text-sm" aria-live="polite">
            <div className={ROW}>
              <dt>
                {plan
                  ? `Subtotal (${plan.months} ${plan.months === 1 ? "mês" : "meses"})`
                  : `Subtotal (${items} ${items === 1 ? "item" : "itens"})`}
              </dt>
              <dd>{formatBRL(data.totals.subtotal)}</dd>
            </div>
            {data.totals.discount > 0 && (
              <div className={`${ROW} text-emerald-700 dark:text-emerald-400`}>
                <dt className="flex items-center gap-1">
                  <Tag aria-hidden className="h-3.5 w-3.5" />{" "}
                  {plan ? "Desconto do plano" : data.couponCode ? "Cupom" : "Desconto"}
                  {data.couponCode ? ` (${data.couponCode})` : ""}
                </dt>
                <dd data-testid="summary-discount">− {formatBRL(data.totals.discount)}</dd>
              </div>
            )}
            {Boolean(data.totals.coinsDiscount) && (
              <div className={`${ROW} text-emerald-700 dark:text-emerald-400`}>
                <dt>Moedas</dt>
                <dd data-testid="summary-coins-discount">− {formatBRL(data.totals.coinsDiscount ?? 0)}</dd>
              </div>
            )}
            {data.pixPercent && Boolean(data.totals.pixDiscount) && (
              <div className={`${ROW} text-emerald-700 dark:text-emerald-400`}>
                <dt>Desconto PIX ({data.pixPercent})</dt>
                <dd data-testid="summary-pix-discount">− {formatBRL(data.totals.pixDiscount ?? 0)}</dd>
              </div>
            )}
            <div className={ROW}>
              <dt>Frete{data.shippingName ? ` (${data.shippingName})` : ""}</dt>
              <dd>
                {data.shippingName === null
                  ? "Calculado na entrega"
                  : data.totals.shipping === 0
                    ? FREE_SHIPPING_LABEL
                    : formatBRL(data.totals.shipping)}
              </dd>
            </div>
            <div className={`${ROW} mt-1 border-t border-theme pt-3 text-base font-bold`}>
              <dt>Total</dt>
              <dd data-testid="summary-total">{formatBRL(data.totals.total)}</dd>
            </div>
          </dl>
          {couponNote && (
            <p
              role="alert"
              className="mt-3 text-sm text-red-700 dark:text-red-400"
              data-testid="summary-coupon-note"
            >
              {couponNote}
            </p>
          )}
        </>
      )}
      <p className="mt-5 flex items-center gap-2 text-xs text-muted">
        <Lock aria-hidden className="h-3.5 w-3.5" /> Pagamento protegido. Os dados do cartão não passam pela
        nossa loja.
      </p>
    </aside>
  )
}
