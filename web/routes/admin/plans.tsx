import { useQuery, useQueryClient } from "@tanstack/react-query"
import { createFileRoute } from "@tanstack/react-router"
import { Save, Star } from "lucide-react"
import { type FormEvent, useId, useState } from "react"
import { can, DENIAL_MESSAGES, hasAdminAccess } from "../../../domain/accounts/roles"
import { parseReaisToCents } from "../../../domain/money"
import {
  PERIOD_LABELS,
  PLAN_MESSAGES,
  PLAN_PRICE_HINT,
  planSavings,
  validatePlanEdit,
} from "../../../domain/subscriptions/prepaidPlans"
import { Denied } from "../../components/Denied"
import { PageLoading } from "../../components/PageLoading"
import { formatBRL } from "../../lib/format"
import { adminHead } from "../../lib/seo"
import { toast } from "../../lib/toast"
import { isTrpcError, type RouterOutputs } from "../../lib/trpc"

type AdminPlan = RouterOutputs["admin"]["plans"]["list"][number]

export const Route = createFileRoute("/admin/plans")({
  loader: async ({ context }) => {
    const viewer = await context.trpc.account.me.ensureData()
    if (!viewer || !hasAdminAccess(viewer.role)) return { denied: DENIAL_MESSAGES.adminAccess }
    if (!can(viewer.role, "manage_collections")) return { denied: DENIAL_MESSAGES.permission }
    try {
      await context.trpc.admin.plans.list.ensureData()
    } catch (error) {
      if (isTrpcError(error) && error.data?.code === "FORBIDDEN") return { denied: error.message }
      // The page still opens: the list's own query shows 'Erro ao carregar planos' and can be retried.
    }
    return { denied: null }
  },
  head: () => adminHead("Planos pré-pagos"),
  pendingComponent: () => <PageLoading label="Verificando permissões..." />,
  component: AdminPlansPage,
})

function AdminPlansPage() {
  const { denied } = Route.useLoaderData()
  if (denied) return <Denied message={denied} />
  return <Plans />
}

function Plans() {
  const { trpc } = Route.useRouteContext()
  const plans = useQuery(trpc.admin.plans.list.queryOptions())
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="text-3xl font-bold tracking-tight">Planos pré-pagos</h1>
      <p className="mt-1 text-muted">
        Edite os planos diretamente nos cartões. A economia é calculada sobre R$ 299,90 × o número de edições;
        a loja mostra as mudanças na hora.
      </p>
      {plans.isError ? (
        <div className="mt-8 rounded-2xl surface p-6" role="alert">
          <p className="font-medium">{PLAN_MESSAGES.loadFailed}</p>
          <button type="button" className="btn btn-ghost mt-3" onClick={() => plans.refetch()}>
            Tentar novamente
          </button>
        </div>
      ) : !plans.data ? (
        <p className="mt-8 text-muted" role="status">
          Carregando planos...
        </p>
      ) : (
        <ul className="mt-8 grid gap-6 lg:grid-cols-3">
          {plans.data.map((plan) => (
            <li key={plan.id}>
              <PlanCard plan={plan} />
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}

interface Draft {
  name: string
  description: string
  price: string
  editionCount: string
  isActive: boolean
  isPopular: boolean
  features: string
}

const draftOf = (plan: AdminPlan): Draft => ({
  name: plan.name,
  description: plan.description,
  price: (plan.price / 100).toFixed(2).replace(".", ","),
  editionCount: String(plan.editionCount),
  isActive: plan.isActive,
  isPopular: plan.isPopular,
  features: plan.features.join("\n"),
})

/** The draft as the server's rules read it: the same validation on both sides. */
const editOf = (draft: Draft) => ({
  name: draft.name,
  description: draft.description,
  price: draft.price.trim() === "" ? null : parseReaisToCents(draft.price),
  editionCount: draft.editionCount.trim() === "" ? null : Number(draft.editionCount),
  isActive: draft.isActive,
  isPopular: draft.isPopular,
  features: draft.features
    .split("\n")
    .map((f) => f.trim())
    .filter(Boolean),
})

const fieldClass = "min-h-11 w-full rounded-xl border border-theme bg-[var(--surface)] px-3"

function PlanCard({ plan }: { plan: AdminPlan }) {
  const { trpc, trpcClient } = Route.useRouteContext()
  const queryClient = useQueryClient()
  const id = useId()
  const [draft, setDraft] = useState<Draft>(() => draftOf(plan))
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  // One key per edit being saved, kept across retries of the same save.
  const [key, setKey] = useState<string | null>(null)
  const set = <K extends keyof Draft>(field: K, value: Draft[K]) => {
    setDraft((d) => ({ ...d, [field]: value }))
    setKey(null)
  }
  // The card's error toasts share one id: a later error replaces the earlier one and a success closes it.
  const errorToast = `plan-error-${plan.id}`
  const edit = editOf(draft)
  const count = edit.editionCount !== null && Number.isInteger(edit.editionCount) ? edit.editionCount : 1
  const live = edit.price !== null && count >= 1 ? planSavings(edit.price, count) : null

  const save = async (event: FormEvent) => {
    event.preventDefault()
    const checked = validatePlanEdit(edit)
    if (!checked.ok) {
      setError(checked.message)
      toast.error(checked.message, { id: errorToast })
      return
    }
    const actionKey = key ?? crypto.randomUUID()
    setKey(actionKey)
    setBusy(true)
    setError(null)
    try {
      const saved = await trpcClient.admin.plans.update.mutate({ id: plan.id, actionKey, ...edit })
      setDraft(draftOf(saved))
      setKey(null)
      toast.dismiss(errorToast)
      toast.success(PLAN_MESSAGES.updated)
      await queryClient.invalidateQueries({ queryKey: trpc.admin.plans.list.queryKey() })
    } catch (e) {
      const message = e instanceof Error ? e.message : PLAN_MESSAGES.updateFailed
      setError(message)
      toast.error(PLAN_MESSAGES.updateFailed, { id: errorToast, description: message })
    } finally {
      setBusy(false)
    }
  }

  return (
    <form
      className={`relative flex h-full flex-col gap-4 rounded-2xl surface p-6 ${draft.isPopular ? "ring-2 ring-[var(--accent)]" : ""}`}
      aria-labelledby={`${id}-title`}
      onSubmit={save}
      noValidate
      data-testid={`plan-card-${plan.id}`}
    >
      {draft.isPopular && (
        <span className="absolute -top-3 left-6 inline-flex items-center gap-1 rounded-full bg-[var(--accent)] px-3 py-0.5 text-xs font-bold text-[var(--accent-contrast)]">
          <Star aria-hidden className="h-3 w-3" /> Mais popular
        </span>
      )}
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {PERIOD_LABELS[plan.id]}{" "}
        <span className="text-sm font-normal text-muted">
          · {plan.editionCount === 1 ? "1 mês" : `${plan.editionCount} meses`}
        </span>
      </h2>
      <Field id={`${id}-name`} label="Nome *">
        <input
          id={`${id}-name`}
          className={fieldClass}
          value={draft.name}
          onChange={(e) => set("name", e.target.value)}
        />
      </Field>
      <Field id={`${id}-description`} label="Descrição *">
        <textarea
          id={`${id}-description`}
          className={`${fieldClass} py-2`}
          rows={2}
          value={draft.description}
          onChange={(e) => set("description", e.target.value)}
        />
      </Field>
      <div className="grid grid-cols-2 gap-3">
        <Field id={`${id}-price`} label="Preço (R$) *">
          <input
            id={`${id}-price`}
            className={fieldClass}
            inputMode="decimal"
            aria-describedby={`${id}-price-hint`}
            value={draft.price}
            onChange={(e) => set("price", e.target.value)}
          />
        </Field>
        <Field id={`${id}-count`} label="Edições *">
          <input
            id={`${id}-count`}
            className={fieldClass}
            type="number"
            min={1}
            max={12}
            value={draft.editionCount}
            onChange={(e) => set("editionCount", e.target.value)}
          />
        </Field>
      </div>
      <p id={`${id}-price-hint`} className="-mt-2 text-xs text-muted">
        {PLAN_PRICE_HINT}
      </p>
      <p className="rounded-xl surface-2 p-3 text-sm" aria-live="polite" data-testid="plan-savings">
        {live ? (
          <>
            Economia de <strong>{formatBRL(live.savings)}</strong> ({live.percent}%) sobre{" "}
            {formatBRL(live.reference)} (R$ 299,90 × {count})
          </>
        ) : (
          "Informe o preço e as edições para ver a economia."
        )}
      </p>
      <div className="flex flex-wrap gap-4 text-sm">
        <label className="flex items-center gap-2">
          <input
            type="checkbox"
            className="h-4 w-4 accent-[var(--accent)]"
            checked={draft.isActive}
            onChange={(e) => set("isActive", e.target.checked)}
          />
          Ativo
        </label>
        <label className="flex items-center gap-2">
          <input
            type="checkbox"
            className="h-4 w-4 accent-[var(--accent)]"
            checked={draft.isPopular}
            onChange={(e) => set("isPopular", e.target.checked)}
          />
          Mais popular
        </label>
      </div>
      <Field id={`${id}-features`} label="Benefícios (um por linha)">
        <textarea
          id={`${id}-features`}
          className={`${fieldClass} py-2`}
          rows={4}
          value={draft.features}
          onChange={(e) => set("features", e.target.value)}
        />
      </Field>
      {error && (
        <p className="text-sm text-red-700 dark:text-red-300" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="btn btn-primary mt-auto" disabled={busy}>
        <Save aria-hidden className="h-4 w-4" /> {busy ? "Salvando..." : "Salvar plano"}
      </button>
    </form>
  )
}

function Field({ id, label, children }: { id: string; label: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {children}
    </div>
  )
}
