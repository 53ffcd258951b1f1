import { createFileRoute, useNavigate } from "@tanstack/react-router"
import { Download, LogOut, ShieldCheck, Trash2, User } from "lucide-react"
import { type FormEvent, useEffect, useState } from "react"
import {
  type FieldErrors,
  type PasswordChangeInput,
  validatePasswordChange,
} from "../../domain/accounts/authValidation"
import { ROLE_LABELS } from "../../domain/accounts/roles"
import { describeUserAgent } from "../../domain/userAgent"
import { FormError, PasswordField } from "../components/AuthForm"
import { Tabs } from "../components/Tabs"
import { authClient, type SessionInfo } from "../lib/authClient"
import { requireSignIn } from "../lib/guards"
import { optionalEnum } from "../lib/search"
import { seo } from "../lib/seo"
import { toast } from "../lib/toast"
import { useRefreshViewer, useViewer } from "../lib/viewer"
import { AddressesTab } from "./-perfil/AddressesTab"
import { CollectionTab } from "./-perfil/CollectionTab"
import { DeletionConsequences } from "./-perfil/DeletionConsequences"
import { DetailsTab } from "./-perfil/DetailsTab"
import { NotificationsTab } from "./-perfil/NotificationsTab"
import { OrdersTab } from "./-perfil/OrdersTab"
import { PublicProfileTab } from "./-perfil/PublicProfileTab"
import { SubscriptionTab } from "./-perfil/SubscriptionTab"
import { SupportTab } from "./-perfil/SupportTab"
import { WaitlistsTab } from "./-perfil/WaitlistsTab"

const TABS = [
  "orders",
  "subscription",
  "addresses",
  "profile",
  "public",
  "collection",
  "notifications",
  "security",
  "privacy",
  "support",
  "waitlists",
] as const
type Tab = (typeof TABS)[number]

export const Route = createFileRoute("/perfil")({
  validateSearch: (search: Record<string, unknown>): { tab?: Tab } => ({
    tab: optionalEnum(search.tab, TABS),
  }),
  beforeLoad: ({ context, location }) => requireSignIn(context, location),
  // Every tab renders on the server: the browser hydrates with this data and asks for nothing more.
  loader: async ({ context }) => {
    const viewer = await context.trpc.account.me.ensureData()
    await Promise.all([
      context.trpc.orders.mine.ensureData(),
      context.trpc.profile.addresses.ensureData(),
      context.trpc.profile.details.ensureData(),
      context.trpc.communityProfiles.mine.ensureData(),
      context.trpc.support.mine.prefetch(),
      context.trpc.waitlist.mine.prefetch(),
      context.trpc.notifications.preferences.ensureData(),
      // A failure here must not take the account page down: the tab says so on its own.
      context.trpc.subscriptions.mine.prefetch(),
      context.trpc.shelf.myCollection.prefetch(),
      viewer ? context.trpc.shelf.get.prefetch({ userId: viewer.id }) : null,
    ])
  },
  head: ({ match }) => ({
    ...seo({
      title: "Minha conta",
      description: "Sua conta Legendarium.",
      path: "/perfil",
      publicUrl: match.context.publicUrl,
    }),
    meta: [{ title: "Minha conta | Legendarium" }, { name: "robots", content: "noindex" }],
  }),
  component: AccountPage,
})

function AccountPage() {
  const viewer = useViewer()
  const { tab } = Route.useSearch()
  if (!viewer) return null
  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <h1 className="text-3xl font-bold tracking-tight">Minha conta</h1>
      <p className="mt-1 text-muted">
        {viewer.name} · {viewer.email} · {ROLE_LABELS[viewer.role]}
      </p>
      <div className="mt-8">
        <Tabs
          key={tab ?? "orders"}
          label="Seções da conta"
          initial={tab ?? "orders"}
          tabs={[
            { id: "orders", label: "Pedidos", content: <OrdersTab /> },
            { id: "subscription", label: "Assinatura", content: <SubscriptionTab /> },
            { id: "collection", label: "Minha Coleção", content: <CollectionTab userId={viewer.id} /> },
            { id: "addresses", label: "Endereços", content: <AddressesTab /> },
            { id: "profile", label: "Dados", content: <DetailsTab /> },
            { id: "public", label: "Perfil público", content: <PublicProfileTab /> },
            { id: "support", label: "Suporte", content: <SupportTab /> },
            { id: "waitlists", label: "Listas de espera", content: <WaitlistsTab /> },
            { id: "notifications", label: "Notificações", content: <NotificationsTab /> },
            { id: "security", label: "Segurança", content: <SecurityTab /> },
            { id: "privacy", label: "Privacidade", content: <PrivacyTab /> },
          ]}
        />
      </div>
    </div>
  )
}

function SecurityTab() {
  const [current, setCurrent] = useState("")
  const [next, setNext] = useState("")
  const [confirm, setConfirm] = useState("")
  const [errors, setErrors] = useState<FieldErrors<keyof PasswordChangeInput>>({})
  const [formError, setFormError] = useState<string | null>(null)
  const [sessions, setSessions] = useState<SessionInfo[] | null>(null)
  const load = () => void authClient.listSessions().then(({ data }) => setSessions(data ?? []))
  useEffect(load, [])

  const change = async (e: FormEvent) => {
    e.preventDefault()
    const found = validatePasswordChange({
      currentPassword: current,
      newPassword: next,
      confirmPassword: confirm,
    })
    setErrors(found)
    if (Object.keys(found).length > 0) return
    const { error } = await authClient.changePassword(current, next, confirm)
    if (error) {
      // The server says each refusal in pt-BR (a weak new password is not a wrong current one).
      setFormError(
        error.code === "INVALID_PASSWORD"
          ? "Senha atual incorreta"
          : error.status >= 400 && error.status < 500
            ? error.message
            : "Não foi possível alterar a senha. Tente novamente.",
      )
      return
    }
    setFormError(null)
    setCurrent("")
    setNext("")
    setConfirm("")
    toast.success("Senha alterada!", { description: "Encerramos as outras sessões por segurança." })
    load()
  }

  return (
    <div className="grid gap-8">
      <section className="rounded-2xl surface p-6" aria-labelledby="change-password">
        <h2 id="change-password" className="text-lg font-semibold">
          Alterar senha
        </h2>
        <form className="mt-4 max-w-sm" onSubmit={change} noValidate>
          <FormError message={formError} />
          <PasswordField
            label="Senha atual"
            autoComplete="current-password"
            value={current}
            onValue={setCurrent}
            error={errors.currentPassword}
          />
          <PasswordField
            label="Nova senha"
            autoComplete="new-password"
            value={next}
            onValue={setNext}
            error={errors.newPassword}
          />
          <PasswordField
            label="Confirmar nova senha"
            autoComplete="new-password"
            value={confirm}
            onValue={setConfirm}
            error={errors.confirmPassword}
          />
          <button type="submit" className="btn btn-primary">
            Alterar senha
          </button>
        </form>
      </section>
      <section className="rounded-2xl surface p-6" aria-labelledby="sessions">
        <h2 id="sessions" className="flex items-center gap-2 text-lg font-semibold">
          <ShieldCheck aria-hidden className="h-5 w-5 text-accent" /> Sessões ativas
        </h2>
        {sessions === null ? (
          <p className="mt-4 text-muted">Carregando sessões...</p>
        ) : (
          <ul className="mt-4 divide-y divide-[var(--border)]">
            {sessions.map((s) => (
              <li key={s.id} className="flex flex-wrap items-center justify-between gap-2 py-3 text-sm">
                <span>
                  {describeUserAgent(s.userAgent)}
                  <span className="block text-xs text-muted">
                    Desde {new Date(s.createdAt).toLocaleString("pt-BR", { timeZone: "America/Sao_Paulo" })}
                    {s.ipAddress ? ` · ${s.ipAddress}` : ""}
                  </span>
                </span>
                <button
                  type="button"
                  className="btn btn-ghost text-sm"
                  onClick={() => void authClient.revokeSession(s.token).then(load)}
                >
                  Encerrar
                </button>
              </li>
            ))}
          </ul>
        )}
        <button
          type="button"
          className="btn btn-ghost mt-4"
          onClick={() =>
            void authClient.revokeOtherSessions().then(() => {
              toast.success("Pronto!", { description: "Você saiu de todas as outras sessões." })
              load()
            })
          }
        >
          <LogOut aria-hidden className="h-4 w-4" /> Sair de todas as outras sessões
        </button>
      </section>
    </div>
  )
}

function PrivacyTab() {
  const { trpcClient } = Route.useRouteContext()
  const navigate = useNavigate()
  const refresh = useRefreshViewer()
  const [password, setPassword] = useState("")
  const [error, setError] = useState<string | null>(null)
  const [confirmDelete, setConfirmDelete] = useState(false)

  const exportData = async () => {
    if (!password) return setError("Senha é obrigatória")
    try {
      const data = await trpcClient.account.exportData.mutate({ password })
      const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: "application/json" }))
      const a = Object.assign(document.createElement("a"), {
        href: url,
        download: "meus-dados-legendarium.json",
      })
      a.click()
      URL.revokeObjectURL(url)
      setError(null)
      toast.success("Seus dados foram exportados")
    } catch (e) {
      setError(e instanceof Error ? e.message : "Não foi possível exportar agora.")
    }
  }
  const deleteAccount = async () => {
    if (!password) return setError("Senha é obrigatória")
    const { error: failure } = await authClient.deleteAccount(password)
    if (failure)
      return setError(failure.status === 400 || failure.status === 401 ? "Senha incorreta" : failure.message)
    await refresh()
    toast.success("Conta excluída", {
      description: "Seus dados pessoais foram removidos. Enviamos um último e-mail com o que foi feito.",
    })
    await navigate({ to: "/" })
  }

  return (
    <section className="rounded-2xl surface p-6" aria-labelledby="privacy-title">
      <h2 id="privacy-title" className="flex items-center gap-2 text-lg font-semibold">
        <User aria-hidden className="h-5 w-5 text-accent" /> Seus dados (LGPD)
      </h2>
      <p className="mt-2 text-sm text-muted">
        Confirme sua senha para exportar seus dados ou excluir a conta.
      </p>
      {confirmDelete && <DeletionConsequences />}
      <div className="mt-4 max-w-sm">
        <FormError message={error} />
        <PasswordField label="Senha" autoComplete="current-password" value={password} onValue={setPassword} />
      </div>
      <div className="mt-2 flex flex-wrap gap-3">
        <button type="button" className="btn btn-ghost" onClick={exportData}>
          <Download aria-hidden className="h-4 w-4" /> Exportar meus dados
        </button>
        {confirmDelete ? (
          <>
            <button
              type="button"
              className="btn bg-red-700 text-white hover:bg-red-800"
              onClick={deleteAccount}
            >
              <Trash2 aria-hidden className="h-4 w-4" /> Confirmar exclusão definitiva
            </button>
            <button type="button" className="btn btn-ghost" onClick={() => setConfirmDelete(false)}>
              Manter minha conta
            </button>
          </>
        ) : (
          <button
            type="button"
            className="btn btn-ghost text-red-700 dark:text-red-400"
            onClick={() => setConfirmDelete(true)}
          >
            <Trash2 aria-hidden className="h-4 w-4" /> Excluir minha conta
          </button>
        )}
      </div>
    </section>
  )
}
