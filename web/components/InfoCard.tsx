import { type ReactNode, useId } from "react"

/** A titled card of label/value rows (order, customer, shipping, payment), with anything else below them. */
export function InfoCard({
  icon,
  title,
  rows,
  children,
}: {
  icon: ReactNode
  title: string
  rows?: ReactNode
  children?: ReactNode
}) {
  const id = useId()
  return (
    <section aria-labelledby={id} className="rounded-2xl surface p-6 text-sm">
      <h2 id={id} className="flex items-center gap-2 text-lg font-semibold">
        {icon} {title}
      </h2>
      {rows && <dl className="mt-3 grid gap-2">{rows}</dl>}
      {children}
    </section>
  )
}

export function InfoRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex justify-between gap-3">
      <dt className="text-muted">{label}</dt>
      <dd className="text-right font-medium">{children}</dd>
    </div>
  )
}
