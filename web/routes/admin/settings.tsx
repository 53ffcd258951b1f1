import { useQueryClient, useSuspenseQuery } from "@tanstack/react-query"
import { createFileRoute } from "@tanstack/react-router"
import { type ChangeEvent, type FormEvent, useRef, useState } from "react"
import { formatBRL, parseReaisToCents } from "../../../domain/money"
import { formatCep } from "../../../domain/shipping/postal"
import {
  basisPointsToPercent,
  percentToBasisPoints,
  type StoreConventions,
} from "../../../domain/storeConventions"
import {
  type EditableSettings,
  type SettingsField,
  SHIPPING_TABLE_MAX_BYTES,
  SHIPPING_TABLE_MESSAGES,
  splitList,
  validateSettings,
} from "../../../domain/storeSettings"
import { Field, type FieldControlProps, fieldClass, focusFirstError } from "../../components/admin/Field"
import { Denied } from "../../components/Denied"
import { PageLoading } from "../../components/PageLoading"
import { adminAccess } from "../../lib/adminAccess"
import { adminHead } from "../../lib/seo"
import { toast } from "../../lib/toast"
import type { RouterOutputs } from "../../lib/trpc"
import { pricePreview } from "./-settings/pricePreview"

type SettingsData = RouterOutputs["admin"]["settings"]["get"]

export const Route = createFileRoute("/admin/settings")({
  loader: async ({ context }) => ({
    denied: await adminAccess(context, "manage_settings", () => context.trpc.admin.settings.get.ensureData()),
  }),
  head: () => adminHead("Configurações"),
  pendingComponent: () => <PageLoading label="Verificando permissões..." />,
  component: SettingsPage,
})

function SettingsPage() {
  const { denied } = Route.useLoaderData()
  if (denied) return <Denied message={denied} />
  return <Settings />
}

const failure = (e: unknown) => (e instanceof Error ? e.message : "Erro inesperado. Tente novamente.")

/** The form's text: lists one per line. */
interface Draft {
  supportEmail: string
  supportHours: string
  whatsappNumber: string
  shippingOriginCep: string
  plansHiddenNames: string
  adminEmails: string
  moderatorEmails: string
  pixDiscountBasisPoints: string
  interestFreeInstallments: string
  minInstallmentCents: string
  centsPerCoin: string
  maxPercentOfOrder: string
  purchaseWindowHours: string
}

/** Money typed as "5,00" (R$); a whole number as digits only; anything else fails the domain's bounds. */
const centsOf = (text: string) => parseReaisToCents(text) ?? Number.NaN
const wholeOf = (text: string) => (/^\d{1,4}$/.test(text.trim()) ? Number(text.trim()) : Number.NaN)
const reaisText = (cents: number) => formatBRL(cents).replace(/^R\$\s*/, "")

const conventionsOf = (d: Draft): StoreConventions => ({
  priceTerms: {
    pixDiscountBasisPoints: percentToBasisPoints(d.pixDiscountBasisPoints),
    interestFreeInstallments: wholeOf(d.interestFreeInstallments),
    minInstallmentCents: centsOf(d.minInstallmentCents),
  },
  coinTerms: { centsPerCoin: centsOf(d.centsPerCoin), maxPercentOfOrder: wholeOf(d.maxPercentOfOrder) },
  purchaseWindowHours: wholeOf(d.purchaseWindowHours),
})

const draftOf = (v: EditableSettings): Draft => ({
  supportEmail: v.supportEmail,
  supportHours: v.supportHours,
  whatsappNumber: v.whatsappNumber,
  shippingOriginCep: formatCep(v.shippingOriginCep),
  plansHiddenNames: v.plansHiddenNames.join("\n"),
  adminEmails: v.adminEmails.join("\n"),
  moderatorEmails: v.moderatorEmails.join("\n"),
  pixDiscountBasisPoints: basisPointsToPercent(v.conventions.priceTerms.pixDiscountBasisPoints),
  interestFreeInstallments: String(v.conventions.priceTerms.interestFreeInstallments),
  minInstallmentCents: reaisText(v.conventions.priceTerms.minInstallmentCents),
  centsPerCoin: reaisText(v.conventions.coinTerms.centsPerCoin),
  maxPercentOfOrder: String(v.conventions.coinTerms.maxPercentOfOrder),
  purchaseWindowHours: String(v.conventions.purchaseWindowHours),
})

const settingsOf = (d: Draft): EditableSettings => ({
  supportEmail: d.supportEmail,
  supportHours: d.supportHours,
  whatsappNumber: d.whatsappNumber,
  shippingOriginCep: d.shippingOriginCep,
  plansHiddenNames: splitList(d.plansHiddenNames),
  adminEmails: splitList(d.adminEmails),
  moderatorEmails: splitList(d.moderatorEmails),
  conventions: conventionsOf(d),
})

function Settings() {
  const { trpc } = Route.useRouteContext()
  const { data } = useSuspenseQuery(trpc.admin.settings.get.queryOptions())
  return (
    <div className="px-4 py-8">
      <h1 className="text-3xl font-bold tracking-tight">Configurações</h1>
      <p className="mt-1 text-muted">Contato da loja, origem do frete, planos e quem administra o painel.</p>
      <SettingsForm data={data} />
      <ShippingTableUpload />
      <IntegrationsList integrations={data.integrations} />
    </div>
  )
}

function SettingsForm({ data }: { data: SettingsData }) {
  const { trpc, trpcClient } = Route.useRouteContext()
  const queryClient = useQueryClient()
  const [draft, setDraft] = useState<Draft>(() => draftOf(data.values))
  const [errors, setErrors] = useState<Partial<Record<SettingsField, string>>>({})
  const [busy, setBusy] = useState(false)
  const formRef = useRef<HTMLFormElement>(null)
  const set = (field: keyof Draft) => (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
    setDraft((d) => ({ ...d, [field]: e.target.value }))
  const input =
    (field: keyof Draft & SettingsField, type = "text") =>
    (props: FieldControlProps) => (
      <input {...props} type={type} value={draft[field]} onChange={set(field)} className={fieldClass} />
    )
  const area = (field: keyof Draft & SettingsField) => (props: FieldControlProps) => (
    <textarea
      {...props}
      rows={3}
      value={draft[field]}
      onChange={set(field)}
      className={`${fieldClass} py-2`}
    />
  )

  const save = async (event: FormEvent) => {
    event.preventDefault()
    const checked = validateSettings(settingsOf(draft))
    if (!checked.ok) {
      setErrors(checked.errors)
      // Keyboard and screen-reader users land on the first field to correct.
      focusFirstError(formRef.current)
      toast.error("Confira os campos destacados.")
      return
    }
    setErrors({})
    setBusy(true)
    try {
      const { plansHiddenNames, adminEmails, moderatorEmails, conventions, ...rest } = checked.settings
      const saved = await trpcClient.admin.settings.save.mutate({
        ...rest,
        plansHiddenNames: [...plansHiddenNames],
        adminEmails: [...adminEmails],
        moderatorEmails: [...moderatorEmails],
        conventions: {
          ...conventions,
          priceTerms: { ...conventions.priceTerms },
          coinTerms: { ...conventions.coinTerms },
        },
      })
      setDraft(draftOf(saved))
      toast.success("Configurações salvas!")
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: trpc.admin.settings.get.queryKey() }),
        queryClient.invalidateQueries({ queryKey: trpc.store.settings.queryKey() }),
      ])
    } catch (e) {
      toast.error("Erro ao salvar configurações", { description: failure(e) })
    } finally {
      setBusy(false)
    }
  }

  const configured = (list: readonly string[]) =>
    list.length > 0 ? `Já configurados no servidor: ${list.join(", ")}.` : "Nenhum configurado no servidor."

  return (
    <form
      ref={formRef}
      aria-label="Configurações da loja"
      onSubmit={save}
      noValidate
      className="mt-6 space-y-6"
    >
      <fieldset className="grid gap-4 rounded-2xl surface p-4 sm:grid-cols-2">
        <legend className="px-1 text-lg font-semibold">Atendimento</legend>
        <Field id="settings-supportEmail" label="E-mail de atendimento" error={errors.supportEmail}>
          {input("supportEmail", "email")}
        </Field>
        <Field id="settings-supportHours" label="Horário de atendimento" error={errors.supportHours}>
          {input("supportHours")}
        </Field>
        <Field
          id="settings-whatsappNumber"
          label="WhatsApp"
          hint="Com DDI e DDD, só números (ex.: 5511999990000)."
          error={errors.whatsappNumber}
        >
          {input("whatsappNumber", "tel")}
        </Field>
        <Field
          id="settings-shippingOriginCep"
          label="CEP de origem do frete"
          hint="De onde as encomendas saem."
          error={errors.shippingOriginCep}
        >
          {input("shippingOriginCep")}
        </Field>
      </fieldset>
      <fieldset className="grid gap-4 rounded-2xl surface p-4">
        <legend className="px-1 text-lg font-semibold">Planos</legend>
        <Field
          id="settings-plansHiddenNames"
          label="Nomes ocultos em /planos"
          hint="Um por linha: coleções cujo nome contém algum deles não aparecem na página de planos."
          error={errors.plansHiddenNames}
        >
          {area("plansHiddenNames")}
        </Field>
      </fieldset>
      <fieldset className="grid gap-4 rounded-2xl surface p-4 sm:grid-cols-3">
        <legend className="px-1 text-lg font-semibold">Preços e pagamento</legend>
        <Field
          id="settings-pixDiscountBasisPoints"
          label="Desconto no PIX (%)"
          hint="De 0 a 30; 0 não mostra preço no PIX."
          error={errors.pixDiscountBasisPoints}
        >
          {input("pixDiscountBasisPoints")}
        </Field>
        <Field
          id="settings-interestFreeInstallments"
          label="Parcelas sem juros"
          hint="De 1 a 12; a tabela do Mercado Pago pode limitar."
          error={errors.interestFreeInstallments}
        >
          {input("interestFreeInstallments")}
        </Field>
        <Field
          id="settings-minInstallmentCents"
          label="Parcela mínima (R$)"
          hint="Nenhuma parcela fica abaixo deste valor."
          error={errors.minInstallmentCents}
        >
          {input("minInstallmentCents")}
        </Field>
        <PricePreview draft={draft} />
      </fieldset>
      <fieldset className="grid gap-4 rounded-2xl surface p-4 sm:grid-cols-3">
        <legend className="px-1 text-lg font-semibold">Lista de espera e moedas</legend>
        <Field
          id="settings-purchaseWindowHours"
          label="Prazo da reserva (horas)"
          hint="Quanto tempo a unidade liberada fica reservada para o primeiro da lista de espera (1 a 168)."
          error={errors.purchaseWindowHours}
        >
          {input("purchaseWindowHours")}
        </Field>
        <Field
          id="settings-centsPerCoin"
          label="Valor de cada moeda (R$)"
          hint="Desconto de cada moeda usada no checkout."
          error={errors.centsPerCoin}
        >
          {input("centsPerCoin")}
        </Field>
        <Field
          id="settings-maxPercentOfOrder"
          label="Limite das moedas (% dos itens)"
          hint="O quanto dos itens (sem o frete) as moedas podem pagar."
          error={errors.maxPercentOfOrder}
        >
          {input("maxPercentOfOrder")}
        </Field>
      </fieldset>
      <fieldset className="grid gap-4 rounded-2xl surface p-4 sm:grid-cols-2">
        <legend className="px-1 text-lg font-semibold">Equipe</legend>
        <Field
          id="settings-adminEmails"
          label="E-mails de administradores"
          hint={`Um por linha. ${configured(data.configured.adminEmails)}`}
          error={errors.adminEmails}
        >
          {area("adminEmails")}
        </Field>
        <Field
          id="settings-moderatorEmails"
          label="E-mails de moderadores"
          hint={`Um por linha. ${configured(data.configured.moderatorEmails)}`}
          error={errors.moderatorEmails}
        >
          {area("moderatorEmails")}
        </Field>
      </fieldset>
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? "Salvando..." : "Salvar configurações"}
      </button>
    </form>
  )
}

/** What a R$ 299,90 piece will say on the storefront with the terms typed, before they are saved. */
function PricePreview({ draft }: { draft: Draft }) {
  return (
    <p className="text-sm text-muted sm:col-span-3" aria-live="polite">
      {pricePreview(conventionsOf(draft))}
    </p>
  )
}

/** The server's multipart route (server/http/adminShippingTableUpload.ts): a full table exceeds the API's 64 KB. */
const SHIPPING_TABLE_URL = "/api/admin/shipping-table"

type ShippingTableResult = RouterOutputs["admin"]["settings"]["importShippingTable"]

async function uploadShippingTable(file: File): Promise<ShippingTableResult> {
  const body = new FormData()
  body.append("csv", file)
  const response = await fetch(SHIPPING_TABLE_URL, { method: "POST", body, credentials: "same-origin" })
  const answer = (await response.json().catch(() => null)) as
    | (Partial<ShippingTableResult> & { error?: { message?: string } })
    | null
  if (!response.ok || typeof answer?.imported !== "number" || !Array.isArray(answer.refused))
    throw new Error(answer?.error?.message ?? "Erro inesperado. Tente novamente.")
  return { imported: answer.imported, refused: answer.refused }
}

function ShippingTableUpload() {
  const [busy, setBusy] = useState(false)
  const [result, setResult] = useState<ShippingTableResult | null>(null)

  const upload = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const file = new FormData(event.currentTarget).get("csv")
    if (!(file instanceof File) || file.size === 0) {
      toast.error(SHIPPING_TABLE_MESSAGES.noFile)
      return
    }
    // A courtesy that spares the upload: the server enforces the same limit.
    if (file.size > SHIPPING_TABLE_MAX_BYTES) {
      toast.error(SHIPPING_TABLE_MESSAGES.tooLarge)
      return
    }
    setBusy(true)
    try {
      const answer = await uploadShippingTable(file)
      setResult(answer)
      if (answer.refused.length === 0) toast.success(`${answer.imported} faixa(s) de frete importada(s).`)
      else toast.error("Tabela não importada: corrija as linhas listadas.")
    } catch (e) {
      toast.error("Erro ao importar tabela de frete", { description: failure(e) })
    } finally {
      setBusy(false)
    }
  }

  return (
    <section aria-labelledby="shipping-table-title" className="mt-8 rounded-2xl surface p-4">
      <h2 id="shipping-table-title" className="text-lg font-semibold">
        Tabela de frete (PAC e SEDEX)
      </h2>
      <p className="mt-1 text-sm text-muted">
        CSV com o cabeçalho{" "}
        <code className="break-all">
          servico,cep_origem,cep_inicio,cep_fim,peso_min_g,peso_max_g,preco,prazo_min,prazo_max
        </code>
        . O arquivo substitui a tabela inteira; se alguma linha tiver erro, nada muda.
      </p>
      <form onSubmit={upload} className="mt-3 flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor="shipping-csv" className="mb-1 block text-sm font-medium">
            Arquivo CSV
          </label>
          <input id="shipping-csv" name="csv" type="file" accept=".csv,text/csv" className="text-sm" />
        </div>
        <button type="submit" className="btn btn-ghost" disabled={busy}>
          {busy ? "Importando..." : "Importar tabela"}
        </button>
      </form>
      {result && (
        <div className="mt-3 text-sm" role="status">
          <p>
            Linhas importadas: {result.imported}. Linhas recusadas: {result.refused.length}.
          </p>
          {result.refused.length > 0 && (
            <ul className="mt-2 list-disc pl-5 text-[var(--danger,#b91c1c)]">
              {result.refused.slice(0, 50).map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          )}
        </div>
      )}
    </section>
  )
}

const INTEGRATION_NAMES = {
  mercadoPago: "Mercado Pago",
  melhorEnvio: "Melhor Envio",
  smtp: "E-mail (SMTP)",
} as const

function IntegrationsList({ integrations }: { integrations: SettingsData["integrations"] }) {
  return (
    <section aria-labelledby="integrations-title" className="mt-8 rounded-2xl surface p-4">
      <h2 id="integrations-title" className="text-lg font-semibold">
        Integrações
      </h2>
      <p className="mt-1 text-sm text-muted">Definidas no servidor; nenhuma chave é mostrada aqui.</p>
      <dl className="mt-3 grid gap-2 sm:grid-cols-3">
        {(Object.keys(INTEGRATION_NAMES) as (keyof typeof INTEGRATION_NAMES)[]).map((key) => {
          const state = integrations[key]
          const mode =
            state.mode === "sandbox" ? " (sandbox)" : state.mode === "production" ? " (produção)" : ""
          return (
            <div key={key} className="rounded-xl border border-theme p-3">
              <dt className="text-sm font-medium">{INTEGRATION_NAMES[key]}</dt>
              <dd className="text-sm text-muted">
                {state.configured ? `Configurado${mode}` : "Não configurado"}
              </dd>
            </div>
          )
        })}
      </dl>
    </section>
  )
}
