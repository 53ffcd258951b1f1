import { type FormEvent, useId, useState } from "react"
import {
  type CollectionDraft,
  DEFAULT_COLLECTION_PRICE,
  CATALOG_ADMIN_TOASTS as T,
  validateCollection,
} from "../../../../domain/catalogAdmin"
import { parseReaisToCents } from "../../../../domain/money"
import { CATEGORY_PRICES, THEME_KEYS } from "../../../../domain/pricing/collectionPrice"
import { Field, fieldClass } from "../../../components/admin/Field"
import type { RouterOutputs } from "../../../lib/trpc"
import { ImageField } from "./ImageField"
import { useFormSubmit } from "./useFormSubmit"

export type AdminCollection = RouterOutputs["admin"]["collections"]["list"]["rows"][number]

interface Form {
  name: string
  theme: string
  description: string
  tagline: string
  price: string
  startDate: string
  endDate: string
  isActive: boolean
  isFeatured: boolean
  imageUrl: string | null
}

const reais = (cents: number) => (cents / 100).toFixed(2).replace(".", ",")

const emptyForm = (today: string): Form => ({
  name: "",
  theme: "anime",
  description: "",
  tagline: "",
  price: reais(DEFAULT_COLLECTION_PRICE),
  startDate: today,
  endDate: "",
  isActive: false,
  isFeatured: false,
  imageUrl: null,
})

const formOf = (c: AdminCollection): Form => ({
  name: c.name,
  theme: c.theme,
  description: c.description,
  tagline: c.tagline,
  price: reais(
    c.price ?? CATEGORY_PRICES[c.theme as keyof typeof CATEGORY_PRICES]?.price ?? DEFAULT_COLLECTION_PRICE,
  ),
  startDate: c.startDate,
  endDate: c.endDate,
  isActive: c.isActive,
  isFeatured: c.isFeatured,
  imageUrl: null,
})

/** The form as the shared rules read it (domain/catalogAdmin): the server checks the very same. */
const draftOf = (form: Form): CollectionDraft => ({ ...form, price: parseReaisToCents(form.price) })

/**
 * Create mode when `editing` is null, edit mode otherwise (spec 002 §4); cancel returns to create mode.
 * `key` the form by the collection being edited so switching collections starts from its values.
 */
export function CollectionForm({
  editing,
  today,
  onSaved,
  onCancel,
  save,
}: {
  editing: AdminCollection | null
  today: string
  onSaved: (saved: AdminCollection) => void
  onCancel: () => void
  save: (draft: CollectionDraft, id: string | null) => Promise<AdminCollection>
}) {
  const id = useId()
  const [form, setForm] = useState<Form>(() => (editing ? formOf(editing) : emptyForm(today)))
  const set = <K extends keyof Form>(field: K, value: Form[K]) => setForm((f) => ({ ...f, [field]: value }))
  const { formRef, errors, busy, submit } = useFormSubmit({
    validate: validateCollection,
    save: (draft: CollectionDraft) => save(draft, editing?.id ?? null),
    toasts: editing
      ? { success: T.collectionUpdated, failure: T.updateCollectionFailed }
      : { success: T.collectionCreated, failure: T.createCollectionFailed },
    onSaved: (saved) => {
      if (!editing) setForm(emptyForm(today))
      onSaved(saved)
    },
  })
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    void submit(draftOf(form))
  }

  return (
    <form
      ref={formRef}
      onSubmit={onSubmit}
      noValidate
      aria-labelledby={`${id}-title`}
      className="grid gap-4 rounded-2xl surface p-6"
      data-testid="collection-form"
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {editing ? `Editar coleção: ${editing.name}` : "Nova coleção"}
      </h2>
      <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
        <Field id={`${id}-name`} label="Nome *" error={errors.name}>
          {(p) => (
            <input
              {...p}
              className={fieldClass}
              value={form.name}
              onChange={(e) => set("name", e.target.value)}
            />
          )}
        </Field>
        <Field id={`${id}-theme`} label="Tema *" error={errors.theme}>
          {(p) => (
            <select
              {...p}
              className={fieldClass}
              value={form.theme}
              onChange={(e) => set("theme", e.target.value)}
            >
              {THEME_KEYS.map((key) => (
                <option key={key} value={key}>
                  {CATEGORY_PRICES[key].label}
                </option>
              ))}
            </select>
          )}
        </Field>
        <div className="md:col-span-2">
          <Field id={`${id}-description`} label="Descrição *" error={errors.description}>
            {(p) => (
              <textarea
                {...p}
                rows={3}
                className={`${fieldClass} py-2`}
                value={form.description}
                onChange={(e) => set("description", e.target.value)}
              />
            )}
          </Field>
        </div>
        <Field id={`${id}-tagline`} label="Chamada">
          {(p) => (
            <input
              {...p}
              className={fieldClass}
              value={form.tagline}
              onChange={(e) => set("tagline", e.target.value)}
            />
          )}
        </Field>
        <Field
          id={`${id}-price`}
          label="Preço (R$) *"
          error={errors.price}
          hint="Vale para todos os produtos da coleção."
        >
          {(p) => (
            <input
              {...p}
              inputMode="decimal"
              className={fieldClass}
              value={form.price}
              onChange={(e) => set("price", e.target.value)}
            />
          )}
        </Field>
        <Field id={`${id}-start`} label="Início *" error={errors.startDate}>
          {(p) => (
            <input
              {...p}
              type="date"
              className={fieldClass}
              value={form.startDate}
              onChange={(e) => set("startDate", e.target.value)}
            />
          )}
        </Field>
        <Field id={`${id}-end`} label="Término *" error={errors.endDate}>
          {(p) => (
            <input
              {...p}
              type="date"
              className={fieldClass}
              value={form.endDate}
              onChange={(e) => set("endDate", e.target.value)}
            />
          )}
        </Field>
        <ImageField
          id={`${id}-image`}
          label={editing ? "Nova capa (opcional)" : "Capa (opcional: sem ela, uma arte é gerada)"}
          value={form.imageUrl ?? editing?.imageUrl ?? null}
          onChange={(url) => set("imageUrl", url)}
          error={errors.imageUrl}
        />
        <div className="flex flex-wrap items-center gap-4 text-sm">
          <label className="flex items-center gap-2">
            <input
              type="checkbox"
              className="h-4 w-4 accent-[var(--accent)]"
              checked={form.isActive}
              onChange={(e) => set("isActive", e.target.checked)}
            />
            Ativa
          </label>
          <label className="flex items-center gap-2">
            <input
              type="checkbox"
              className="h-4 w-4 accent-[var(--accent)]"
              checked={form.isFeatured}
              onChange={(e) => set("isFeatured", e.target.checked)}
            />
            Destaque
          </label>
        </div>
      </div>
      <div className="flex flex-wrap gap-3">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? "Salvando..." : editing ? "Salvar alterações" : "Criar coleção"}
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
