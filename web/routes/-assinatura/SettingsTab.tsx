import { useSuspenseQuery } from "@tanstack/react-query"
import { Link, useRouteContext } from "@tanstack/react-router"
import { type FormEvent, useId, useState } from "react"
import { addressLine } from "../../../domain/orders/address"
import type { MyPlan } from "../../lib/subscriptionsApi"
import { StepError } from "../-checkout/fields"
import { changeError, usePlanChange } from "./usePlanChange"

interface SettingsInput {
  readonly id: string
  readonly revealNotifications: boolean
  readonly newPlanNews: boolean
  readonly addressId: string | null
}

/** Reveal notifications, the delivery address of the plan's shipments and news of new plans, saved together. */
export function SettingsTab({ plan }: { plan: MyPlan }) {
  const id = useId()
  const { trpc } = useRouteContext({ from: "__root__" })
  const { data: addresses } = useSuspenseQuery(trpc.profile.addresses.queryOptions(undefined))
  const fallback = addresses.find((a) => a.isDefault)?.id ?? addresses[0]?.id ?? null
  const [form, setForm] = useState({
    ...plan.settings,
    addressId: plan.settings.addressId ?? fallback,
  })
  const save = usePlanChange((api, input: SettingsInput) => api.updateSettings.mutate(input), {
    title: "Configurações salvas",
  })
  const submit = (e: FormEvent) => {
    e.preventDefault()
    save.mutate({ id: plan.id, ...form })
  }
  return (
    <form onSubmit={submit} className="grid gap-4 rounded-2xl surface p-5" noValidate>
      <StepError
        title="Erro ao salvar"
        message={save.error ? changeError(save.error, "Não foi possível salvar. Tente novamente.") : null}
      />
      <Toggle
        id={`${id}-reveals`}
        label="Notificações de revelação"
        hint="Um e-mail no Early Preview, no Preview e na revelação do personagem do mês."
        checked={form.revealNotifications}
        onChange={(revealNotifications) => setForm((f) => ({ ...f, revealNotifications }))}
      />
      <div>
        <label htmlFor={`${id}-address`} className="block font-medium">
          Endereço de entrega
        </label>
        <p id={`${id}-address-hint`} className="text-sm text-muted">
          Para onde vão os envios mensais desta assinatura.
        </p>
        {addresses.length === 0 ? (
          <p className="mt-2 text-sm">
            Nenhum endereço salvo.{" "}
            <Link to="/perfil" search={{ tab: "addresses" }} className="underline">
              Adicionar endereço
            </Link>
          </p>
        ) : (
          <select
            id={`${id}-address`}
            aria-describedby={`${id}-address-hint`}
            className="mt-2 min-h-11 w-full rounded-xl border border-theme bg-[var(--surface)] px-3"
            value={form.addressId ?? ""}
            onChange={(e) => setForm((f) => ({ ...f, addressId: e.target.value }))}
          >
            {addresses.map((a) => (
              <option key={a.id} value={a.id}>
                {addressLine(a)}
              </option>
            ))}
          </select>
        )}
      </div>
      <Toggle
        id={`${id}-news`}
        label="Novidades de planos"
        hint="Avisos de novas coleções e planos."
        checked={form.newPlanNews}
        onChange={(newPlanNews) => setForm((f) => ({ ...f, newPlanNews }))}
      />
      <div>
        <button type="submit" className="btn btn-primary" disabled={save.isPending}>
          Salvar configurações
        </button>
      </div>
    </form>
  )
}

function Toggle({
  id,
  label,
  hint,
  checked,
  onChange,
}: {
  id: string
  label: string
  hint: string
  checked: boolean
  onChange: (value: boolean) => void
}) {
  return (
    <div className="flex items-start justify-between gap-4">
      <div>
        <label htmlFor={id} className="font-medium">
          {label}
        </label>
        <p id={`${id}-hint`} className="text-sm text-muted">
          {hint}
        </p>
      </div>
      <input
        id={id}
        type="checkbox"
        aria-describedby={`${id}-hint`}
        className="mt-1 h-5 w-5 shrink-0 accent-[var(--accent)]"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
      />
    </div>
  )
}
