import { useQueryClient, useSuspenseQuery } from "@tanstack/react-query"
import { Link, useRouteContext } from "@tanstack/react-router"
import { type FormEvent, useState } from "react"
import {
  normaliseProfile,
  PROFILE_LIMITS,
  type ProfileErrors,
  type ProfileField,
  validateProfile,
} from "../../../domain/community/profile"
import { Field, FormError } from "../../components/AuthForm"
import { toast } from "../../lib/toast"
import { CollectorAvatar } from "../-community/CollectorAvatar"

const AVATAR_UPLOAD_PATH = "/api/me/avatar"
const FIELDS: readonly ProfileField[] = ["username", "displayName", "bio", "location", "avatarUrl"]

/** 'Perfil público': how other collectors see you in the ranking and on your profile page. */
export function PublicProfileTab() {
  const { trpc, trpcClient } = useRouteContext({ from: "__root__" })
  const queryClient = useQueryClient()
  const { data: mine } = useSuspenseQuery(trpc.communityProfiles.mine.queryOptions())
  const [form, setForm] = useState({
    username: mine.username,
    displayName: mine.displayName,
    bio: mine.bio,
    location: mine.location,
    avatarUrl: mine.avatarUrl,
    isPrivate: mine.isPrivate,
  })
  const [errors, setErrors] = useState<ProfileErrors>({})
  const [formError, setFormError] = useState<string | null>(null)
  const [saving, setSaving] = useState(false)
  const [uploading, setUploading] = useState(false)
  const set = <K extends keyof typeof form>(key: K, value: (typeof form)[K]) =>
    setForm((f) => ({ ...f, [key]: value }))

  const upload = async (file: File | undefined) => {
    if (!file) return
    setUploading(true)
    setErrors((e) => ({ ...e, avatarUrl: undefined }))
    try {
      const body = new FormData()
      body.set("image", file)
      const response = await fetch(AVATAR_UPLOAD_PATH, { method: "POST", body, credentials: "same-origin" })
      const answer = (await response.json().catch(() => ({}))) as {
        url?: string
        error?: { message?: string }
      }
      if (!response.ok || !answer.url)
        setErrors((e) => ({ ...e, avatarUrl: answer.error?.message ?? "Não foi possível enviar a imagem." }))
      else set("avatarUrl", answer.url)
    } finally {
      setUploading(false)
    }
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const profile = normaliseProfile(form)
    const found = validateProfile(profile)
    setErrors(found)
    setFormError(null)
    const first = FIELDS.find((f) => found[f])
    if (first) {
      document.getElementById(`public-${first}`)?.focus()
      return
    }
    setSaving(true)
    try {
      await trpcClient.communityProfiles.save.mutate(profile)
      setForm(profile)
      await queryClient.invalidateQueries({ queryKey: trpc.communityProfiles.mine.queryKey(undefined) })
      toast.success("Perfil atualizado!")
    } catch (error) {
      const message = error instanceof Error ? error.message : "Não foi possível salvar agora."
      if (/usuário/.test(message)) setErrors({ username: message })
      else setFormError(message)
    } finally {
      setSaving(false)
    }
  }

  const savedUsername = mine.saved ? mine.username : null
  return (
    <section className="rounded-2xl surface p-6" aria-labelledby="public-profile-title">
      <h2 id="public-profile-title" className="text-lg font-semibold">
        Perfil público
      </h2>
      <p className="mt-1 text-sm text-muted">
        Como os outros colecionadores veem você no ranking e na sua página.{" "}
        <Link
          to="/profile/$userId"
          params={{ userId: savedUsername ?? mine.userId }}
          className="text-accent hover:underline"
        >
          Ver meu perfil
        </Link>
      </p>
      <form className="mt-4 grid max-w-xl gap-x-6" onSubmit={submit} noValidate>
        <FormError message={formError} />
        <div className="mb-4 flex items-center gap-4">
          <CollectorAvatar name={form.displayName || "?"} src={form.avatarUrl} size={72} />
          <div>
            <label htmlFor="public-avatarUrl" className="mb-1 block text-sm font-medium">
              Foto de perfil
            </label>
            <input
              id="public-avatarUrl"
              type="file"
              accept="image/*"
              className="max-w-full text-sm"
              disabled={uploading}
              aria-invalid={errors.avatarUrl ? true : undefined}
              aria-describedby={errors.avatarUrl ? "public-avatarUrl-error" : undefined}
              onChange={(e) => void upload(e.target.files?.[0])}
            />
            {form.avatarUrl && (
              <button
                type="button"
                className="ml-2 text-sm text-accent hover:underline"
                onClick={() => set("avatarUrl", null)}
              >
                Remover foto
              </button>
            )}
            {uploading && <p className="text-xs text-muted">Enviando...</p>}
            {errors.avatarUrl && (
              <p
                id="public-avatarUrl-error"
                role="alert"
                className="mt-1 text-sm text-red-700 dark:text-red-400"
              >
                {errors.avatarUrl}
              </p>
            )}
          </div>
        </div>
        <Field
          id="public-username"
          label="Nome de usuário"
          autoComplete="username"
          maxLength={20}
          placeholder="ex.: ana_coleciona"
          value={form.username}
          onChange={(e) => set("username", e.target.value)}
          error={errors.username}
        />
        <Field
          id="public-displayName"
          label="Nome no perfil público"
          maxLength={PROFILE_LIMITS.displayName}
          value={form.displayName}
          onChange={(e) => set("displayName", e.target.value)}
          error={errors.displayName}
        />
        <div className="mb-4">
          <label htmlFor="public-bio" className="mb-1 block text-sm font-medium">
            Bio
          </label>
          <textarea
            id="public-bio"
            rows={3}
            maxLength={PROFILE_LIMITS.bio}
            value={form.bio}
            onChange={(e) => set("bio", e.target.value)}
            aria-invalid={errors.bio ? true : undefined}
            aria-describedby="public-bio-count"
            className={`w-full rounded-xl border bg-[var(--surface)] px-3 py-2 ${errors.bio ? "border-red-600" : "border-theme"}`}
          />
          <p id="public-bio-count" className="text-xs text-muted">
            {errors.bio ?? `${[...form.bio].length}/${PROFILE_LIMITS.bio}`}
          </p>
        </div>
        <Field
          id="public-location"
          label="Localização"
          maxLength={PROFILE_LIMITS.location}
          placeholder="ex.: São Paulo, SP"
          value={form.location}
          onChange={(e) => set("location", e.target.value)}
          error={errors.location}
        />
        <label className="mb-4 flex items-start gap-3">
          <input
            type="checkbox"
            className="mt-1 h-4 w-4"
            checked={form.isPrivate}
            onChange={(e) => set("isPrivate", e.target.checked)}
          />
          <span>
            <span className="font-medium">Perfil privado</span>
            <span className="block text-sm text-muted">
              Os outros veem só o seu nome; no ranking você aparece como "Colecionador privado".
            </span>
          </span>
        </label>
        <div>
          <button type="submit" className="btn btn-primary" disabled={saving || uploading}>
            {saving ? "Salvando..." : "Salvar perfil"}
          </button>
        </div>
      </form>
    </section>
  )
}
