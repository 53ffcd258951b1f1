import { ToneBadge } from "../../components/Badges"
import type { MyPlan } from "../../lib/subscriptionsApi"

const TONES = {
  active: "success",
  pending: "info",
  past_due: "neutral",
  paused: "neutral",
  cancelled: "muted",
  ended: "muted",
} as const

/** The plan's status in words; a cancellation already asked for is said too. */
export function StatusBadge({ plan }: { plan: MyPlan }) {
  return (
    <ToneBadge tone={plan.cancelAt ? "neutral" : TONES[plan.status]}>
      {plan.statusLabel}
      {plan.cancelAt ? " · cancelamento agendado" : ""}
    </ToneBadge>
  )
}
