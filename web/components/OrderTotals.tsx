/** An order's totals as the server wrote them (Subtotal, coupon, coins, PIX discount, shipping, Total). */
export function OrderTotals({
  rows,
  className = "mt-4 grid gap-2 border-t border-theme pt-3",
}: {
  rows: readonly { label: string; value: string; kind: string }[]
  className?: string
}) {
  return (
    <dl className={className} data-testid="order-totals">
      {rows.map((row) => (
        <div
          key={row.label}
          className={`flex justify-between gap-4 ${
            row.kind === "total"
              ? "text-base font-bold"
              : row.kind === "discount"
                ? "text-emerald-700 dark:text-emerald-400"
                : ""
          }`}
        >
          <dt className={row.kind === "total" ? "" : "text-muted"}>{row.label}</dt>
          <dd className="text-right tabular-nums">{row.value}</dd>
        </div>
      ))}
    </dl>
  )
}
