import type { RouterOutputs } from "../../lib/trpc"

export type SystemStatusData = RouterOutputs["status"]["system"]
type State = SystemStatusData["services"][number]["state"]

const DOT: Record<State, string> = {
  online: "bg-emerald-500",
  slow: "bg-amber-500",
  down: "bg-red-600",
  unknown: "bg-zinc-400",
}

const TEXT: Record<State, string> = {
  online: "text-emerald-700 dark:text-emerald-400",
  slow: "text-amber-800 dark:text-amber-300",
  down: "text-red-700 dark:text-red-400",
  unknown: "text-muted",
}

let timeFormatter: Intl.DateTimeFormat | undefined
/** "14:05" in São Paulo, the same on the server and in the browser. */
const timeOf = (epochMs: number) => {
  timeFormatter ??= new Intl.DateTimeFormat("pt-BR", {
    timeZone: "America/Sao_Paulo",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  })
  return timeFormatter.format(epochMs)
}

/**
 * "Status do sistema": the store's services with their state in words (the coloured dot only repeats it),
 * from the `status.system` query's answer.
 */
export function SystemStatus({ status }: { status: SystemStatusData }) {
  return (
    <div>
      <ul className="divide-y divide-[var(--border)]">
        {status.services.map((service) => (
          <li key={service.service} className="flex items-center justify-between gap-4 py-2">
            <span className="font-medium">{service.name}</span>
            <span className={`flex items-center gap-2 text-sm font-medium ${TEXT[service.state]}`}>
              <span
                aria-hidden="true"
                className={`inline-block size-2.5 rounded-full ${DOT[service.state]}`}
              />
              {service.label}
            </span>
          </li>
        ))}
      </ul>
      <p className="mt-2 text-xs text-muted">Atualizado às {timeOf(status.generatedAt)}</p>
    </div>
  )
}
