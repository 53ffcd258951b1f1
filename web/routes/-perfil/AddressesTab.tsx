import { useQueryClient, useSuspenseQuery } from "@tanstack/react-query"
import { useRouteContext } from "@tanstack/react-router"
import { MapPin, Pencil, Plus, Star, Trash2 } from "lucide-react"
import { type FormEvent, useId, useRef, useState } from "react"
import {
  ADDRESS_LIMITS,
  ADDRESS_MESSAGES,
  type AddressField,
  addressLine,
  MAX_ADDRESSES,
  validateAddress,
} from "../../../domain/orders/address"
import { formatCep, maskCepInput, UFS } from "../../../domain/shipping/postal"
import { Field, FormError } from "../../components/AuthForm"
import { ToneBadge } from "../../components/Badges"
import { Dialog } from "../../components/Dialog"
import { toast } from "../../lib/toast"
import { isTrpcError, type RouterOutputs } from "../../lib/trpc"

type SavedAddress = RouterOutputs["profile"]["addresses"][number]
type Form = Record<AddressField, string>
type Errors = Partial<Record<AddressField, string>>

const EMPTY: Form = {
  name: "",
  street: "",
  number: "",
  complement: "",
  neighborhood: "",
  city: "",
  state: "",
  zipCode: "",
}

const formOf = (a: SavedAddress): Form => ({
  name: a.name,
  street: a.street,
  number: a.number,
  complement: a.complement,
  neighborhood: a.neighborhood,
  city: a.city,
  state: a.state,
  zipCode: formatCep(a.zipCode),
})

/** What the server refused: its field errors, or one message for the whole form. */
function refusal(error: unknown): { fields: Errors; message: string | null } {
  const fields = isTrpcError(error)
    ? ((error.data as { fieldErrors?: Errors } | undefined)?.fieldErrors ?? {})
    : {}
  const known = Object.keys(fields).some((f) => f in EMPTY)
  return {
    fields: known ? fields : {},
    message: known ? null : error instanceof Error ? error.message : "Não foi possível salvar agora.",
  }
}

function useAddressCommands() {
  const { trpc, trpcClient } = useRouteContext({ from: "__root__" })
  const queryClient = useQueryClient()
  const refresh = () =>
    queryClient.invalidateQueries({ queryKey: trpc.profile.addresses.queryKey(undefined) })
  return {
    save: async (input: { id?: string; address: Form; makeDefault: boolean }) => {
      const saved = await trpcClient.profile.saveAddress.mutate(input)
      await refresh()
      return saved
    },
    remove: async (id: string) => {
      await trpcClient.profile.removeAddress.mutate({ id })
      await refresh()
    },
    lookupCep: (cep: string) => queryClient.fetchQuery(trpc.shipping.lookupCep.queryOptions({ cep })),
  }
}

/** 'Endereços': the address book, the default one marked; add, edit, make default and remove. */
export function AddressesTab() {
  const trpc = useRouteContext({ from: "__root__", select: (c) => c.trpc })
  const { data: addresses } = useSuspenseQuery(trpc.profile.addresses.queryOptions())
  const commands = useAddressCommands()
  const [editing, setEditing] = useState<SavedAddress | "new" | null>(null)
  const [removing, setRemoving] = useState<SavedAddress | null>(null)
  const [busy, setBusy] = useState(false)
  const full = addresses.length >= MAX_ADDRESSES
  const headingRef = useRef<HTMLHeadingElement>(null)

  const makeDefault = async (address: SavedAddress) => {
    setBusy(true)
    try {
      await commands.save({ id: address.id, address: formOf(address), makeDefault: true })
      toast.success("Endereço padrão atualizado!")
    } catch (error) {
      toast.error(error instanceof Error ? error.message : "Não foi possível atualizar agora.")
    } finally {
      setBusy(false)
    }
  }
  const remove = async () => {
    if (!removing) return
    setBusy(true)
    try {
      await commands.remove(removing.id)
      setRemoving(null)
      toast.success("Endereço removido")
      // The button that opened the dialog is gone with its address: focus goes back to the list's heading.
      headingRef.current?.focus()
    } catch (error) {
      toast.error(error instanceof Error ? error.message : "Não foi possível remover agora.")
    } finally {
      setBusy(false)
    }
  }

  return (
    <section aria-labelledby="addresses-title">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="addresses-title" ref={headingRef} tabIndex={-1} className="text-lg font-semibold">
            Seus endereços
          </h2>
          <p className="text-sm text-muted">
            {addresses.length} de {MAX_ADDRESSES} endereços
          </p>
        </div>
        <button
          type="button"
          className="btn btn-primary"
          disabled={full}
          aria-describedby={full ? "addresses-full" : undefined}
          onClick={() => setEditing("new")}
        >
          <Plus aria-hidden className="h-4 w-4" /> Adicionar endereço
        </button>
      </div>
      {full && (
        <p id="addresses-full" className="mt-2 text-sm text-muted">
          {ADDRESS_MESSAGES.limit(MAX_ADDRESSES)}. Remova um para adicionar outro.
        </p>
      )}

      {addresses.length === 0 ? (
        <div className="mt-4 rounded-2xl surface p-8 text-center">
          <MapPin aria-hidden className="mx-auto h-10 w-10 text-accent" />
          <p className="mt-4 font-semibold">Nenhum endereço cadastrado</p>
          <p className="mt-1 text-sm text-muted">
            Cadastre um endereço de entrega para agilizar suas próximas compras.
          </p>
        </div>
      ) : (
        <ul className="mt-4 grid gap-3 sm:grid-cols-2">
          {addresses.map((address) => (
            <li
              key={address.id}
              data-testid="address-card"
              aria-label={`${address.name}${address.isDefault ? " (padrão)" : ""}`}
              className={`flex flex-col rounded-2xl surface p-4 ${address.isDefault ? "ring-2 ring-[var(--accent)]" : ""}`}
            >
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-semibold">{address.name}</span>
                {address.isDefault && <ToneBadge tone="success">Padrão</ToneBadge>}
              </div>
              <p className="mt-1 flex-1 text-sm text-muted">{addressLine(address)}</p>
              <div className="mt-3 flex flex-wrap gap-2">
                <button
                  type="button"
                  className="btn btn-ghost px-3 text-sm"
                  aria-label={`Editar ${address.name}`}
                  onClick={() => setEditing(address)}
                >
                  <Pencil aria-hidden className="h-4 w-4" /> Editar
                </button>
                {!address.isDefault && (
                  <button
                    type="button"
                    className="btn btn-ghost px-3 text-sm"
                    disabled={busy}
                    aria-label={`Tornar padrão: ${address.name}`}
                    onClick={() => void makeDefault(address)}
                  >
                    <Star aria-hidden className="h-4 w-4" /> Tornar padrão
                  </button>
                )}
                <button
                  type="button"
                  className="btn btn-ghost px-3 text-sm text-red-700 dark:text-red-400"
                  aria-label={`Remover ${address.name}`}
                  onClick={() => setRemoving(address)}
                >
                  <Trash2 aria-hidden className="h-4 w-4" /> Remover
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}

      <Dialog
        open={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === "new" ? "Novo endereço" : "Editar endereço"}
        size="lg"
      >
        {editing !== null && (
          <AddressForm
            key={editing === "new" ? "new" : editing.id}
            address={editing === "new" ? null : editing}
            firstAddress={addresses.length === 0}
            onDone={() => setEditing(null)}
          />
        )}
      </Dialog>

      <Dialog
        open={removing !== null}
        onClose={() => setRemoving(null)}
        title="Remover este endereço?"
        description={removing ? `${removing.name}: ${addressLine(removing)}` : undefined}
      >
        <div className="flex flex-wrap justify-end gap-3">
          <button type="button" className="btn btn-ghost" data-autofocus onClick={() => setRemoving(null)}>
            Cancelar
          </button>
          <button
            type="button"
            className="btn bg-red-700 text-white hover:bg-red-800"
            disabled={busy}
            onClick={() => void remove()}
          >
            <Trash2 aria-hidden className="h-4 w-4" /> Remover
          </button>
        </div>
      </Dialog>
    </section>
  )
}

function AddressForm({
  address,
  firstAddress,
  onDone,
}: {
  address: SavedAddress | null
  firstAddress: boolean
  onDone: () => void
}) {
  const commands = useAddressCommands()
  const [form, setForm] = useState<Form>(address ? formOf(address) : EMPTY)
  const [makeDefault, setMakeDefault] = useState(address?.isDefault ?? firstAddress)
  const [errors, setErrors] = useState<Errors>({})
  const [formError, setFormError] = useState<string | null>(null)
  const [cepStatus, setCepStatus] = useState<string>("")
  const [saving, setSaving] = useState(false)
  const lastLookup = useRef(address ? address.zipCode : "")
  const id = useId()
  const fieldId = (field: AddressField) => `${id}-${field}`
  const set = (field: AddressField) => (value: string) => {
    setForm((f) => ({ ...f, [field]: value }))
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }))
  }

  const onCep = async (raw: string) => {
    const masked = maskCepInput(raw)
    set("zipCode")(masked)
    const digits = masked.replace(/\D/g, "")
    if (digits.length !== 8 || digits === lastLookup.current) return
    lastLookup.current = digits
    setCepStatus("Buscando endereço...")
    try {
      const found = await commands.lookupCep(digits)
      if (lastLookup.current !== digits) return
      setForm((f) => ({
        ...f,
        street: found.street || f.street,
        neighborhood: found.neighborhood || f.neighborhood,
        city: found.city || f.city,
        state: found.state ?? f.state,
      }))
      setErrors((e) => ({
        ...e,
        zipCode: undefined,
        street: undefined,
        neighborhood: undefined,
        city: undefined,
        state: undefined,
      }))
      setCepStatus(
        found.complete
          ? "Endereço preenchido pelo CEP. Confira e informe o número."
          : "Não foi possível consultar o CEP agora. Preencha o endereço manualmente.",
      )
      if (found.street) document.getElementById(fieldId("number"))?.focus()
    } catch (error) {
      setCepStatus(error instanceof Error ? error.message : "Não foi possível consultar o CEP agora.")
    }
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setFormError(null)
    const checked = validateAddress(form)
    if (!checked.ok) {
      setErrors(checked.errors)
      const first = FIELD_ORDER.find((f) => checked.errors[f])
      if (first) document.getElementById(fieldId(first))?.focus()
      return
    }
    setSaving(true)
    try {
      await commands.save({ ...(address ? { id: address.id } : {}), address: form, makeDefault })
      toast.success(address ? "Endereço atualizado!" : "Endereço adicionado!")
      onDone()
    } catch (error) {
      const { fields, message } = refusal(error)
      setErrors(fields)
      setFormError(message)
    } finally {
      setSaving(false)
    }
  }

  const text = (field: Exclude<AddressField, "state" | "zipCode">, label: string, autoComplete: string) => (
    <Field
      id={fieldId(field)}
      label={label}
      autoComplete={autoComplete}
      maxLength={ADDRESS_LIMITS[field]}
      value={form[field]}
      onChange={(e) => set(field)(e.target.value)}
      error={errors[field]}
    />
  )

  return (
    <form onSubmit={submit} noValidate className="grid gap-x-4 sm:grid-cols-6">
      <div className="sm:col-span-6">
        <FormError message={formError} />
      </div>
      <div className="sm:col-span-6">{text("name", "Nome de quem recebe", "name")}</div>
      <div className="sm:col-span-3">
        <Field
          id={fieldId("zipCode")}
          label="CEP"
          inputMode="numeric"
          autoComplete="postal-code"
          placeholder="00000-000"
          value={form.zipCode}
          onChange={(e) => void onCep(e.target.value)}
          error={errors.zipCode}
          aria-describedby={[errors.zipCode ? `${fieldId("zipCode")}-error` : "", `${id}-cep-status`]
            .filter(Boolean)
            .join(" ")}
        />
      </div>
      <p
        id={`${id}-cep-status`}
        aria-live="polite"
        className="mb-4 text-sm text-muted empty:mb-0 sm:col-span-3 sm:self-center"
      >
        {cepStatus}
      </p>
      <div className="sm:col-span-6">{text("street", "Rua", "address-line1")}</div>
      <div className="sm:col-span-2">{text("number", "Número", "address-line2")}</div>
      <div className="sm:col-span-4">{text("complement", "Complemento (opcional)", "address-line3")}</div>
      <div className="sm:col-span-6">{text("neighborhood", "Bairro", "address-level3")}</div>
      <div className="sm:col-span-4">{text("city", "Cidade", "address-level2")}</div>
      <div className="mb-4 sm:col-span-2">
        <label htmlFor={fieldId("state")} className="mb-1 block text-sm font-medium">
          Estado
        </label>
        <select
          id={fieldId("state")}
          autoComplete="address-level1"
          value={form.state}
          onChange={(e) => set("state")(e.target.value)}
          aria-invalid={errors.state ? true : undefined}
          aria-describedby={errors.state ? `${fieldId("state")}-error` : undefined}
          className={`min-h-11 w-full rounded-xl border bg-[var(--surface)] px-3 ${errors.state ? "border-red-600" : "border-theme"}`}
        >
          <option value="">UF</option>
          {UFS.map((uf) => (
            <option key={uf} value={uf}>
              {uf}
            </option>
          ))}
        </select>
        {errors.state && (
          <p
            id={`${fieldId("state")}-error`}
            role="alert"
            className="mt-1 text-sm text-red-700 dark:text-red-400"
          >
            {errors.state}
          </p>
        )}
      </div>
      <label className="mb-4 flex items-center gap-2 text-sm sm:col-span-6">
        <input
          type="checkbox"
          className="h-5 w-5 accent-[var(--accent)]"
          checked={makeDefault}
          disabled={address?.isDefault === true}
          onChange={(e) => setMakeDefault(e.target.checked)}
        />
        Usar como endereço padrão
      </label>
      <div className="flex flex-wrap justify-end gap-3 sm:col-span-6">
        <button type="button" className="btn btn-ghost" onClick={onDone}>
          Cancelar
        </button>
        <button type="submit" className="btn btn-primary" disabled={saving}>
          {saving ? "Salvando..." : "Salvar endereço"}
        </button>
      </div>
    </form>
  )
}

const FIELD_ORDER: readonly AddressField[] = [
  "name",
  "zipCode",
  "street",
  "number",
  "complement",
  "neighborhood",
  "city",
  "state",
]
