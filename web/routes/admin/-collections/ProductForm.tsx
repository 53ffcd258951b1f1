import { type FormEvent, useId, useState } from "react"
import { monthNamePtBR } from "../../../../domain/calendar"
import { RARITY_LABELS, RARITY_ORDER } from "../../../../domain/catalog/rarity"
import {
  formatSaoPauloDateTime,
  type ProductDraft,
  parseSaoPauloDateTime,
  STAT_KEYS,
  CATALOG_ADMIN_TOASTS as T,
  validateProduct,
} from "../../../../domain/catalogAdmin"
import { DEFAULT_NUMBERED_EDITION_LIMIT, EDITION_LIMIT_MAX } from "../../../../domain/editions/editionLimit"
import { editionDates } from "../../../../domain/shipping/schedule"
import { Field, fieldClass } from "../../../components/admin/Field"
import type { RouterOutputs } from "../../../lib/trpc"
import { ImageField } from "./ImageField"
import { useFormSubmit } from "./useFormSubmit"

export type AdminProduct = RouterOutputs["admin"]["collections"]["products"][number]

const STAT_LABELS = {
  strength: "Força",
  speed: "Velocidade",
  intelligence: "Inteligência",
  durability: "Resistência",
}
const MONTHS = Array.from({ length: 12 }, (_, i) => i + 1)
const LIMIT_CHOICES = Array.from({ length: EDITION_LIMIT_MAX }, (_, i) => i + 1)

interface Form {
  name: string
  description: string
  imageUrl: string
  displayMonth: string
  editionYear: string
  rarity: string
  universe: string
  hints: string
  stats: Record<(typeof STAT_KEYS)[number], string>
  weightGrams: string
  length: string
  width: string
  height: string
  editionSize: string
  /** "" for "Sem limite"; read only when the product has an edition size. */
  collectorLimit: string
  teaserAt: string
  previewAt: string
  revealAt: string
  scale: string
  details: string
  isActive: boolean
}

const emptyForm = (year: number, month: number): Form => ({
  name: "",
  description: "",
  imageUrl: "",
  displayMonth: String(month),
  editionYear: String(year),
  rarity: "common",
  universe: "",
  hints: "",
  stats: { strength: "50", speed: "50", intelligence: "50", durability: "50" },
  weightGrams: "1000",
  length: "20",
  width: "15",
  height: "10",
  editionSize: "",
  collectorLimit: String(DEFAULT_NUMBERED_EDITION_LIMIT),
  teaserAt: "",
  previewAt: "",
  revealAt: "",
  scale: "",
  details: "",
  isActive: true,
})

const formOf = (p: AdminProduct): Form => ({
  name: p.name,
  description: p.description,
  imageUrl: p.imageUrl,
  displayMonth: String(p.displayMonth),
  editionYear: String(p.editionYear),
  rarity: p.rarity,
  universe: p.universe,
  hints: p.hints.join("\n"),
  stats: {
    strength: String(p.stats.strength),
    speed: String(p.stats.speed),
    intelligence: String(p.stats.intelligence),
    durability: String(p.stats.durability),
  },
  weightGrams: String(p.weightGrams),
  length: String(p.dimensions.length),
  width: String(p.dimensions.width),
  height: String(p.dimensions.height),
  editionSize: p.editionSize === null ? "" : String(p.editionSize),
  // A product becoming a numbered edition starts at the store's default.
  collectorLimit: String(p.editionSize === null ? DEFAULT_NUMBERED_EDITION_LIMIT : (p.collectorLimit ?? "")),
  teaserAt: formatSaoPauloDateTime(p.teaserAt),
  previewAt: formatSaoPauloDateTime(p.previewAt),
  revealAt: formatSaoPauloDateTime(p.revealAt),
  scale: p.scale,
  details: p.details,
  isActive: p.isActive,
})

const num = (text: string) => (text.trim() === "" ? Number.NaN : Number(text))

/** The form as the shared rules read it; a phase left blank takes the edition month's (day 1, 8 and 15 at noon). */
function draftOf(form: Form, collectionId: string): ProductDraft {
  const year = num(form.editionYear)
  const month = num(form.displayMonth)
  const defaults =
    Number.isInteger(year) &&
    Number.isInteger(month) &&
    month >= 1 &&
    month <= 12 &&
    year >= 2000 &&
    year <= 2100
      ? editionDates({ year, month })
      : null
  const phase = (text: string, fallback: number | undefined) =>
    text.trim() === "" ? (fallback ?? Number.NaN) : parseSaoPauloDateTime(text)
  return {
    collectionId,
    name: form.name,
    description: form.description,
    imageUrl: form.imageUrl,
    displayMonth: month,
    editionYear: year,
    rarity: form.rarity,
    universe: form.universe,
    hints: form.hints.split("\n"),
    stats: {
      strength: num(form.stats.strength),
      speed: num(form.stats.speed),
      intelligence: num(form.stats.intelligence),
      durability: num(form.stats.durability),
    },
    weightGrams: num(form.weightGrams),
    dimensions: { length: num(form.length), width: num(form.width), height: num(form.height) },
    editionSize: form.editionSize.trim() === "" ? null : num(form.editionSize),
    collectorLimit:
      form.editionSize.trim() === "" || form.collectorLimit === "" ? null : num(form.collectorLimit),
    teaserAt: phase(form.teaserAt, defaults?.teaserAt),
    previewAt: phase(form.previewAt, defaults?.previewAt),
    revealAt: phase(form.revealAt, defaults?.revealAt),
    scale: form.scale,
    details: form.details,
    isActive: form.isActive,
  }
}

/** Create mode when `editing` is null, edit mode otherwise; cancel returns to create mode (spec 002 §4). */
export function ProductForm({
  collectionId,
  editing,
  defaultEdition,
  save,
  onSaved,
  onCancel,
}: {
  collectionId: string
  editing: AdminProduct | null
  defaultEdition: { year: number; month: number }
  save: (draft: ProductDraft, id: string | null) => Promise<unknown>
  onSaved: () => void
  onCancel: () => void
}) {
  const id = useId()
  const [form, setForm] = useState<Form>(() =>
    editing ? formOf(editing) : emptyForm(defaultEdition.year, defaultEdition.month),
  )
  const set = <K extends keyof Form>(field: K, value: Form[K]) => setForm((f) => ({ ...f, [field]: value }))
  const { formRef, errors, busy, submit } = useFormSubmit({
    validate: validateProduct,
    save: (draft: ProductDraft) => save(draft, editing?.id ?? null),
    toasts: editing
      ? { success: T.productUpdated, failure: T.updateProductFailed }
      : { success: T.productCreated, failure: T.createProductFailed },
    onSaved: () => {
      if (!editing) setForm(emptyForm(defaultEdition.year, defaultEdition.month))
      onSaved()
    },
  })
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    void submit(draftOf(form, collectionId))
  }

  const input =
    (field: "name" | "universe" | "scale" | "weightGrams" | "editionSize" | "editionYear", type = "text") =>
    (p: object) => (
      <input
        {...p}
        type={type}
        className={fieldClass}
        value={form[field]}
        onChange={(e) => set(field, e.target.value)}
      />
    )
  const phase = (field: "teaserAt" | "previewAt" | "revealAt") => (p: object) => (
    <input
      {...p}
      type="datetime-local"
      className={fieldClass}
      value={form[field]}
      onChange={(e) => set(field, e.target.value)}
    />
  )

  return (
    <form
      ref={formRef}
      onSubmit={onSubmit}
      noValidate
      aria-labelledby={`${id}-title`}
      className="grid gap-4 rounded-2xl surface p-6"
      data-testid="product-form"
    >
      <h3 id={`${id}-title`} className="text-lg font-semibold">
        {editing ? `Editar produto: ${editing.name}` : "Novo produto"}
      </h3>
      <div className="grid grid-cols-1 gap-4 md:grid-cols-3">
        <Field id={`${id}-name`} label="Nome *" error={errors.name}>
          {input("name")}
        </Field>
        <Field id={`${id}-month`} label="Mês de exibição *" error={errors.displayMonth}>
          {(p) => (
            <select
              {...p}
              className={fieldClass}
              value={form.displayMonth}
              onChange={(e) => set("displayMonth", e.target.value)}
            >
              {MONTHS.map((m) => (
                <option key={m} value={m}>
                  {m} — {monthNamePtBR(m)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field id={`${id}-year`} label="Ano da edição *" error={errors.editionYear}>
          {input("editionYear", "number")}
        </Field>
        <div className="md:col-span-3">
          <Field id={`${id}-description`} label="Descrição" error={errors.description}>
            {(p) => (
              <textarea
                {...p}
                rows={2}
                className={`${fieldClass} py-2`}
                value={form.description}
                onChange={(e) => set("description", e.target.value)}
              />
            )}
          </Field>
        </div>
        <ImageField
          id={`${id}-image`}
          label="Imagem *"
          value={form.imageUrl || null}
          onChange={(url) => set("imageUrl", url)}
          error={errors.imageUrl}
        />
        <Field id={`${id}-rarity`} label="Raridade" error={errors.rarity}>
          {(p) => (
            <select
              {...p}
              className={fieldClass}
              value={form.rarity}
              onChange={(e) => set("rarity", e.target.value)}
            >
              {RARITY_ORDER.map((r) => (
                <option key={r} value={r}>
                  {RARITY_LABELS[r]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field id={`${id}-universe`} label="Universo">
          {input("universe")}
        </Field>
        <div className="md:col-span-3">
          <Field id={`${id}-hints`} label="Dicas (uma por linha, até 5)" error={errors.hints}>
            {(p) => (
              <textarea
                {...p}
                rows={3}
                className={`${fieldClass} py-2`}
                value={form.hints}
                onChange={(e) => set("hints", e.target.value)}
              />
            )}
          </Field>
        </div>
        <fieldset className="grid grid-cols-2 gap-3 md:col-span-3 md:grid-cols-4">
          <legend className="mb-1 text-sm font-medium">Atributos (0 a 100)</legend>
          {STAT_KEYS.map((key) => (
            <Field
              key={key}
              id={`${id}-stat-${key}`}
              label={STAT_LABELS[key]}
              error={key === "strength" ? errors.stats : undefined}
            >
              {(p) => (
                <input
                  {...p}
                  type="number"
                  min={0}
                  max={100}
                  className={fieldClass}
                  value={form.stats[key]}
                  onChange={(e) => set("stats", { ...form.stats, [key]: e.target.value })}
                />
              )}
            </Field>
          ))}
        </fieldset>
        <Field
          id={`${id}-weight`}
          label="Peso (g) *"
          error={errors.weightGrams}
          hint="Usado na cotação do frete."
        >
          {input("weightGrams", "number")}
        </Field>
        <fieldset className="grid grid-cols-3 gap-2 md:col-span-2">
          <legend className="mb-1 text-sm font-medium">Dimensões da caixa (cm) *</legend>
          {(["length", "width", "height"] as const).map((key) => (
            <Field
              key={key}
              id={`${id}-${key}`}
              label={{ length: "Comprimento", width: "Largura", height: "Altura" }[key]}
              error={key === "length" ? errors.dimensions : undefined}
            >
              {(p) => (
                <input
                  {...p}
                  type="number"
                  min={1}
                  className={fieldClass}
                  value={form[key]}
                  onChange={(e) => set(key, e.target.value)}
                />
              )}
            </Field>
          ))}
        </fieldset>
        <Field
          id={`${id}-edition`}
          label="Tiragem"
          error={errors.editionSize}
          hint="Em branco: sob encomenda, sem limite."
        >
          {input("editionSize", "number")}
        </Field>
        {form.editionSize.trim() !== "" && (
          <Field
            id={`${id}-limit`}
            label="Limite por colecionador"
            error={errors.collectorLimit}
            hint="Contado em todos os pedidos pagos ou aguardando pagamento, e nas contas com o mesmo CPF."
          >
            {(p) => (
              <select
                {...p}
                className={fieldClass}
                value={form.collectorLimit}
                onChange={(e) => set("collectorLimit", e.target.value)}
              >
                {LIMIT_CHOICES.map((n) => (
                  <option key={n} value={n}>
                    {n === 1 ? "1 unidade" : `${n} unidades`}
                  </option>
                ))}
                <option value="">Sem limite</option>
              </select>
            )}
          </Field>
        )}
        <Field id={`${id}-scale`} label="Escala">
          {input("scale")}
        </Field>
        <Field id={`${id}-details`} label="Detalhes">
          {(p) => (
            <input
              {...p}
              className={fieldClass}
              value={form.details}
              onChange={(e) => set("details", e.target.value)}
            />
          )}
        </Field>
        <Field
          id={`${id}-teaser`}
          label="Teaser"
          error={errors.teaserAt}
          hint="Em branco: dia 1 do mês da edição."
        >
          {phase("teaserAt")}
        </Field>
        <Field id={`${id}-preview`} label="Prévia" error={errors.previewAt} hint="Em branco: dia 8.">
          {phase("previewAt")}
        </Field>
        <Field
          id={`${id}-reveal`}
          label="Revelação"
          error={errors.revealAt}
          hint="Em branco: dia 15 ao meio-dia."
        >
          {phase("revealAt")}
        </Field>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            className="h-4 w-4 accent-[var(--accent)]"
            checked={form.isActive}
            onChange={(e) => set("isActive", e.target.checked)}
          />
          Produto ativo
        </label>
      </div>
      <div className="flex flex-wrap gap-3">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? "Salvando..." : editing ? "Salvar produto" : "Criar produto"}
        </button>
        {editing && (
          <button type="button" className="btn btn-ghost" onClick={onCancel}>
            Cancelar
          </button>
        )}
      </div>
    </form>
  )
}
