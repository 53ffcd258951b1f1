/** A labelled progress bar (value out of max) in the accent colour; its text, if any, is the caller's. */
export function ProgressBar({
  label,
  value,
  max = 100,
  className = "mt-1",
}: {
  label: string
  value: number
  max?: number
  className?: string
}) {
  const percent = max <= 0 ? 0 : Math.min(100, Math.round((value * 100) / max))
  return (
    <div
      className={`h-2 overflow-hidden rounded-full surface-2 ${className}`}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={value}
    >
      <div className="h-full rounded-full bg-[var(--accent)]" style={{ width: `${percent}%` }} />
    </div>
  )
}
