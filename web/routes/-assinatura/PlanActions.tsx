import { Pause, Play, XCircle } from "lucide-react"
import { type FormEvent, useId, useState } from "react"
import { addDays, type CivilDate, toSaoPauloCivil } from "../../../domain/calendar"
import { pauseLimit } from "../../../domain/subscriptions/subscription"
import { Dialog } from "../../components/Dialog"
import { storeNow } from "../../lib/storeClock"
import type { MyPlan } from "../../lib/subscriptionsApi"
import { StepError, TextField } from "../-checkout/fields"
import { dateBR, pausedToast } from "./format"
import { changeError, usePlanChange } from "./usePlanChange"

const REASONS = [
  "O valor está alto para mim agora",
  "Não gostei dos personagens recentes",
  "Problemas com a entrega",
  "Vou assinar outra coleção",
  "Outro motivo",
] as const

/** What the collector may do with a plan now; prepaid plans end on their own and have no actions. */
function available(plan: MyPlan) {
  const recurring = plan.kind === "subscription"
  const running = plan.status === "active" || plan.status === "pending" || plan.status === "past_due"
  return {
    pause: recurring && plan.status === "active" && !plan.cancelAt,
    cancel: recurring && (running || plan.status === "paused") && !plan.cancelAt,
    reactivate: recurring && (plan.status === "paused" || plan.cancelAt !== null),
  }
}

export function PlanActions({ plan }: { plan: MyPlan }) {
  const [open, setOpen] = useState<"pause" | "cancel" | null>(null)
  const can = available(plan)
  const reactivate = usePlanChange((api, id: string) => api.reactivate.mutate({ id }), {
    title: "Assinatura reativada!",
    description: "Seus envios mensais continuam normalmente.",
  })
  if (!can.pause && !can.cancel && !can.reactivate) return null
  return (
    <div className="mt-6 flex flex-wrap gap-3">
      {can.reactivate && (
        <button
          type="button"
          className="btn btn-primary"
          disabled={reactivate.isPending}
          onClick={() => reactivate.mutate(plan.id)}
        >
          <Play aria-hidden className="h-4 w-4" /> Reativar assinatura
        </button>
      )}
      {can.pause && (
        <button type="button" className="btn btn-ghost" onClick={() => setOpen("pause")}>
          <Pause aria-hidden className="h-4 w-4" /> Pausar assinatura
        </button>
      )}
      {can.cancel && (
        <button
          type="button"
          className="btn btn-ghost text-red-700 dark:text-red-400"
          onClick={() => setOpen("cancel")}
        >
          <XCircle aria-hidden className="h-4 w-4" /> Cancelar assinatura
        </button>
      )}
      {reactivate.error && (
        <p role="alert" className="w-full text-sm text-red-700 dark:text-red-400">
          {changeError(reactivate.error, "Erro ao reativar assinatura")}
        </p>
      )}
      {open === "pause" && <PauseDialog plan={plan} onClose={() => setOpen(null)} />}
      {open === "cancel" && <CancelDialog plan={plan} onClose={() => setOpen(null)} />}
    </div>
  )
}

const isoDay = (d: CivilDate) =>
  `${d.year}-${String(d.month).padStart(2, "0")}-${String(d.day).padStart(2, "0")}`

function PauseDialog({ plan, onClose }: { plan: MyPlan; onClose: () => void }) {
  const id = useId()
  const [until, setUntil] = useState("")
  const pause = usePlanChange(
    (api, input: { id: string; until: string | null }) => api.pause.mutate(input),
    (input) => pausedToast(input.until),
    onClose,
  )
  // The picker's bounds only guide: the server decides on its own clock.
  const today = toSaoPauloCivil(storeNow())
  const min = isoDay(addDays(today, 1))
  const max = isoDay(pauseLimit(today))
  const submit = (e: FormEvent) => {
    e.preventDefault()
    pause.mutate({ id: plan.id, until: until || null })
  }
  return (
    <Dialog
      open
      onClose={onClose}
      title="Pausar assinatura"
      description="Durante a pausa não há cobranças nem envios. Você pode reativar quando quiser."
    >
      <form onSubmit={submit} noValidate>
        <StepError
          title="Erro ao pausar assinatura"
          message={pause.error ? changeError(pause.error, "Erro ao pausar assinatura") : null}
        />
        <TextField
          id={`${id}-until`}
          type="date"
          label="Pausar até"
          hint={`Deixe em branco para pausar até reativar. No máximo até ${dateBR(max)}.`}
          min={min}
          max={max}
          value={until}
          onChange={(e) => setUntil(e.target.value)}
        />
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            Voltar
          </button>
          <button type="submit" className="btn btn-primary" disabled={pause.isPending}>
            Confirmar pausa
          </button>
        </div>
      </form>
    </Dialog>
  )
}

function CancelDialog({ plan, onClose }: { plan: MyPlan; onClose: () => void }) {
  const id = useId()
  const [reason, setReason] = useState("")
  const [other, setOther] = useState("")
  const [missing, setMissing] = useState(false)
  const cancel = usePlanChange(
    (api, input: { id: string; reason: string }) => api.cancel.mutate(input),
    {
      title: "Cancelamento agendado",
      description: "Sua assinatura continua ativa até o fim do período já pago.",
    },
    onClose,
  )
  const text = reason === "Outro motivo" ? other.trim() : reason
  const submit = (e: FormEvent) => {
    e.preventDefault()
    setMissing(!text)
    if (text) cancel.mutate({ id: plan.id, reason: text })
  }
  return (
    <Dialog
      open
      onClose={onClose}
      title="Cancelar assinatura?"
      description={
        plan.nextBillingDate
          ? `Não haverá novas cobranças. Você continua recebendo o que já pagou; a assinatura termina antes de ${dateBR(plan.nextBillingDate)}.`
          : "Não haverá novas cobranças. Você continua recebendo o que já pagou."
      }
    >
      <form onSubmit={submit} noValidate>
        <StepError
          title="Erro ao cancelar assinatura"
          message={cancel.error ? changeError(cancel.error, "Erro ao cancelar assinatura") : null}
        />
        <fieldset aria-describedby={missing ? `${id}-missing` : undefined}>
          <legend className="mb-2 text-sm font-medium">Por que você está cancelando?</legend>
          <div className="grid gap-2">
            {REASONS.map((r) => (
              <label key={r} className="flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  name={`${id}-reason`}
                  checked={reason === r}
                  onChange={() => setReason(r)}
                />
                {r}
              </label>
            ))}
          </div>
          {missing && (
            <p id={`${id}-missing`} role="alert" className="mt-2 text-sm text-red-700 dark:text-red-400">
              Conte o motivo do cancelamento
            </p>
          )}
        </fieldset>
        {reason === "Outro motivo" && (
          <TextField
            id={`${id}-other`}
            className="mt-3"
            label="Qual o motivo?"
            maxLength={500}
            value={other}
            onChange={(e) => setOther(e.target.value)}
          />
        )}
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            Manter assinatura
          </button>
          <button
            type="submit"
            className="btn bg-red-700 text-white hover:bg-red-800"
            disabled={cancel.isPending}
          >
            Confirmar cancelamento
          </button>
        </div>
      </form>
    </Dialog>
  )
}
