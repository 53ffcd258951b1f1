import { Check } from "lucide-react"
import type { StepState, TimelineStep } from "../../domain/fulfilment/timeline"

const STATE_TEXT: Record<StepState, string> = {
  completed: "Concluído",
  current: "Etapa atual",
  pending: "Pendente",
}

/**
 * The order's steps (spec 002 §3-§4) as a vertical list: completed, current or pending, each with its date and
 * time. Shared by /rastrear and the customer's order page.
 */
export function OrderTimeline({
  steps,
  title = "Linha do tempo",
}: {
  steps: readonly TimelineStep[]
  title?: string
}) {
  return (
    <section aria-labelledby="timeline-title" className="rounded-2xl surface p-6">
      <h2 id="timeline-title" className="text-lg font-semibold">
        {title}
      </h2>
      <ol className="mt-5" data-testid="timeline">
        {steps.map((step, i) => (
          <li
            key={step.key}
            className="relative flex gap-4 pb-6 last:pb-0"
            aria-current={step.state === "current" ? "step" : undefined}
            data-state={step.state}
          >
            {i < steps.length - 1 && (
              <span
                aria-hidden
                className={`absolute left-[15px] top-8 h-[calc(100%-2rem)] w-0.5 ${
                  step.state === "completed" ? "bg-[var(--accent)]" : "bg-[var(--border)]"
                }`}
              />
            )}
            <Marker state={step.state} />
            <div className="min-w-0 flex-1 pt-1">
              <p className="flex flex-wrap items-baseline justify-between gap-x-3">
                <span className={`font-semibold ${step.state === "pending" ? "text-muted" : ""}`}>
                  {step.label}
                </span>
                {step.date && (
                  <span className="text-sm text-muted">
                    {step.at !== null ? (
                      <time dateTime={new Date(step.at).toISOString()}>
                        {step.date}
                        {step.time && ` às ${step.time}`}
                      </time>
                    ) : (
                      step.date
                    )}
                  </span>
                )}
              </p>
              <p className="mt-0.5 text-sm text-muted">
                <span className="sr-only">{STATE_TEXT[step.state]}: </span>
                {step.description}
              </p>
            </div>
          </li>
        ))}
      </ol>
    </section>
  )
}

function Marker({ state }: { state: StepState }) {
  if (state === "completed")
    return (
      <span className="relative flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-[var(--accent)] text-[var(--accent-contrast)]">
        <Check aria-hidden className="h-4 w-4" />
      </span>
    )
  if (state === "current")
    return (
      <span className="relative flex h-8 w-8 shrink-0 items-center justify-center rounded-full border-2 border-[var(--accent)] bg-[var(--bg)]">
        <span className="h-3 w-3 rounded-full bg-[var(--accent)] motion-safe:animate-pulse" />
      </span>
    )
  return (
    <span className="relative h-8 w-8 shrink-0 rounded-full border-2 border-[var(--border)] bg-[var(--bg)]" />
  )
}
