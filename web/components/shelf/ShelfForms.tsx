import { type FormEvent, type ReactNode, useId, useState } from "react"
import { RARITY_LABELS } from "../../../domain/catalog/rarity"
import {
  COMPANY_STATUS_LABELS,
  COMPANY_STATUSES,
  PIECE_CONDITION_LABELS,
  PIECE_CONDITIONS,
  type PieceCondition,
  SHELF_CONDITION_LABELS,
  SHELF_CONDITIONS,
  SHELF_LIMITS,
  SHELF_RARITIES,
  type ShelfItemErrors,
  type ShelfItemInput,
  validatePieceNotes,
  validateShelfItem,
} from "../../../domain/community/shelf"
import { parseReaisToCents } from "../../../domain/money"
import { storeNow } from "../../lib/storeClock"
import { FormError } from "../AuthForm"
import type { Entry } from "./shelfApi"

const control = "min-h-11 w-full rounded-xl border bg-[var(--surface)] px-3"

function Labelled({
  label,
  error,
  children,
  hint,
}: {
  label: string
  error?: string | undefined
  hint?: string
  children: (props: { id: string; "aria-invalid"?: true; "aria-describedby"?: string }) => ReactNode
}) {
  const id = useId()
  return (
    <div className="mb-3">
      <label htmlFor={id} className="mb-1 block text-sm font-medium">
        {label}
      </label>
      {children({
        id,
        ...(error ? { "aria-invalid": true as const, "aria-describedby": `${id}-error` } : {}),
      })}
      {hint && !error && <p className="mt-1 text-xs text-muted">{hint}</p>}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  )
}

type FormState = Omit<ShelfItemInput, "estimatedValueCents"> & { value: string }

const today = () => new Date(storeNow()).toLocaleDateString("sv-SE", { timeZone: "America/Sao_Paulo" })

const stateOf = (entry: Entry | null): FormState => ({
  name: entry?.name ?? "",
  company: entry?.company ?? "",
  collection: entry?.collection ?? "",
  category: entry?.category ?? "",
  description: entry?.description ?? "",
  condition: entry?.condition ?? "perfeito",
  rarity: entry?.rarity ?? "common",
  companyStatus: entry?.companyStatus ?? "ativa",
  value: entry && entry.valueCents > 0 ? (entry.valueCents / 100).toFixed(2).replace(".", ",") : "",
  acquiredOn: entry?.acquiredOn ?? "",
  notes: entry?.notes ?? "",
})

/** 'Adicionar Item' and 'Editar': the domain's rules as the collector types, the server's again on save. */
export function ShelfItemForm({
  entry,
  onSave,
  onCancel,
}: {
  entry: Entry | null
  onSave: (input: ShelfItemInput & { id?: string }, photo: File | null) => Promise<void>
  onCancel: () => void
}) {
  const [form, setForm] = useState<FormState>(() => stateOf(entry))
  const [photo, setPhoto] = useState<File | null>(null)
  const [errors, setErrors] = useState<ShelfItemErrors>({})
  const [failure, setFailure] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const set = (key: keyof FormState) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [key]: e.target.value }))

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    const cents = form.value.trim() ? parseReaisToCents(form.value.replace(/^R\$\s*/, "")) : 0
    const input: ShelfItemInput = { ...form, estimatedValueCents: cents ?? -1 }
    const checked = validateShelfItem(input, today())
    if (!checked.ok) return setErrors(checked.errors)
    if (photo && !photo.type.startsWith("image/")) return setFailure("Arquivo deve ser uma imagem")
    setErrors({})
    setBusy(true)
    try {
      await onSave(entry ? { ...input, id: entry.id } : input, photo)
    } catch (error) {
      setFailure(error instanceof Error ? error.message : "Não foi possível salvar agora.")
    } finally {
      setBusy(false)
    }
  }

  return (
    <form onSubmit={submit} noValidate aria-label={entry ? "Editar item" : "Adicionar item"}>
      <FormError message={failure} />
      <Labelled label="Nome" error={errors.name}>
        {(p) => (
          <input
            {...p}
            className={control}
            value={form.name}
            onChange={set("name")}
            maxLength={SHELF_LIMITS.name + 20}
          />
        )}
      </Labelled>
      <div className="grid gap-x-3 sm:grid-cols-2">
        <Labelled label="Empresa" error={errors.company}>
          {(p) => <input {...p} className={control} value={form.company} onChange={set("company")} />}
        </Labelled>
        <Labelled label="Coleção" error={errors.collection}>
          {(p) => <input {...p} className={control} value={form.collection} onChange={set("collection")} />}
        </Labelled>
        <Labelled label="Categoria" error={errors.category}>
          {(p) => (
            <input
              {...p}
              className={control}
              value={form.category}
              onChange={set("category")}
              placeholder="Ex.: Action figure"
            />
          )}
        </Labelled>
        <Labelled label="Raridade" error={errors.rarity}>
          {(p) => (
            <select {...p} className={control} value={form.rarity} onChange={set("rarity")}>
              {SHELF_RARITIES.map((r) => (
                <option key={r} value={r}>
                  {RARITY_LABELS[r]}
                </option>
              ))}
            </select>
          )}
        </Labelled>
        <Labelled label="Estado de conservação" error={errors.condition}>
          {(p) => (
            <select {...p} className={control} value={form.condition} onChange={set("condition")}>
              {SHELF_CONDITIONS.map((c) => (
                <option key={c} value={c}>
                  {SHELF_CONDITION_LABELS[c]}
                </option>
              ))}
            </select>
          )}
        </Labelled>
        <Labelled label="Situação da empresa" error={errors.companyStatus}>
          {(p) => (
            <select {...p} className={control} value={form.companyStatus} onChange={set("companyStatus")}>
              {COMPANY_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {COMPANY_STATUS_LABELS[s]}
                </option>
              ))}
            </select>
          )}
        </Labelled>
        <Labelled label="Valor estimado (R$)" error={errors.estimatedValueCents}>
          {(p) => (
            <input
              {...p}
              className={control}
              inputMode="decimal"
              placeholder="0,00"
              value={form.value}
              onChange={set("value")}
            />
          )}
        </Labelled>
        <Labelled label="Data de aquisição" error={errors.acquiredOn}>
          {(p) => (
            <input
              {...p}
              type="date"
              className={control}
              value={form.acquiredOn}
              onChange={set("acquiredOn")}
              max={today()}
            />
          )}
        </Labelled>
      </div>
      <Labelled label="Descrição" error={errors.description}>
        {(p) => (
          <textarea
            {...p}
            className={`${control} py-2`}
            rows={2}
            value={form.description}
            onChange={set("description")}
          />
        )}
      </Labelled>
      <Labelled
        label="Notas pessoais"
        error={errors.notes}
        hint={`${form.notes.trim().length}/${SHELF_LIMITS.notes - 1} caracteres`}
      >
        {(p) => (
          <textarea
            {...p}
            className={`${control} py-2`}
            rows={2}
            value={form.notes}
            onChange={set("notes")}
          />
        )}
      </Labelled>
      {!entry && (
        <Labelled label="Foto (opcional)">
          {(p) => (
            <input
              {...p}
              type="file"
              accept="image/*"
              className="text-sm"
              onChange={(e) => setPhoto(e.target.files?.[0] ?? null)}
            />
          )}
        </Labelled>
      )}
      <div className="mt-4 flex justify-end gap-2">
        <button type="button" className="btn btn-ghost" onClick={onCancel}>
          Cancelar
        </button>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? "Salvando..." : entry ? "Salvar alterações" : "Adicionar"}
        </button>
      </div>
    </form>
  )
}

/** A store piece: its owner notes the condition and may put it up for trade. */
export function PieceForm({
  entry,
  onSave,
  onCancel,
}: {
  entry: Entry
  onSave: (input: { condition: PieceCondition; notes: string; isForTrade: boolean }) => Promise<void>
  onCancel: () => void
}) {
  const [condition, setCondition] = useState(entry.condition as PieceCondition)
  const [notes, setNotes] = useState(entry.notes)
  const [isForTrade, setForTrade] = useState(entry.isForTrade)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const submit = async (e: FormEvent) => {
    e.preventDefault()
    const problem = validatePieceNotes(notes)
    if (problem) return setError(problem)
    setBusy(true)
    try {
      await onSave({ condition, notes, isForTrade })
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : "Não foi possível salvar agora.")
    } finally {
      setBusy(false)
    }
  }
  return (
    <form onSubmit={submit} noValidate aria-label="Editar peça">
      <Labelled label="Estado de conservação">
        {(p) => (
          <select
            {...p}
            className={control}
            value={condition}
            onChange={(e) => setCondition(e.target.value as PieceCondition)}
          >
            {PIECE_CONDITIONS.map((c) => (
              <option key={c} value={c}>
                {PIECE_CONDITION_LABELS[c]}
              </option>
            ))}
          </select>
        )}
      </Labelled>
      <Labelled
        label="Notas pessoais"
        error={error ?? undefined}
        hint={`${notes.trim().length}/${SHELF_LIMITS.notes - 1} caracteres`}
      >
        {(p) => (
          <textarea
            {...p}
            className={`${control} py-2`}
            rows={3}
            value={notes}
            onChange={(e) => setNotes(e.target.value)}
          />
        )}
      </Labelled>
      <label className="mb-3 flex items-center gap-2 text-sm">
        <input type="checkbox" checked={isForTrade} onChange={(e) => setForTrade(e.target.checked)} />{" "}
        Disponível para troca
      </label>
      <div className="mt-4 flex justify-end gap-2">
        <button type="button" className="btn btn-ghost" onClick={onCancel}>
          Cancelar
        </button>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? "Salvando..." : "Salvar"}
        </button>
      </div>
    </form>
  )
}
