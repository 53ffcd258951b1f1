import { useQueryClient, useSuspenseQuery } from "@tanstack/react-query"
import { createFileRoute, useNavigate } from "@tanstack/react-router"
import { type FormEvent, useState } from "react"
import { ROLE_LABELS, ROLES, type Role } from "../../../domain/accounts/roles"
import {
  ROLE_SOURCE_LABELS,
  USER_SORT_LABELS,
  USER_SORTS,
  type UserSort,
} from "../../../domain/accounts/userAdmin"
import { Pager } from "../../components/admin/Pager"
import { Denied } from "../../components/Denied"
import { Dialog } from "../../components/Dialog"
import { PageLoading } from "../../components/PageLoading"
import { adminAccess } from "../../lib/adminAccess"
import { formatDate } from "../../lib/format"
import { optionalEnum, optionalString } from "../../lib/search"
import { adminHead } from "../../lib/seo"
import { toast } from "../../lib/toast"
import type { RouterOutputs } from "../../lib/trpc"

type UserRow = RouterOutputs["admin"]["users"]["list"]["rows"][number]

interface UsersSearch {
  search?: string
  sort?: UserSort
  page?: number
}

/** Only what the server accepts stays in the URL; anything else is dropped, so an old link still opens. */
function validateUsersSearch(search: Record<string, unknown>): UsersSearch {
  const page = Number(search.page)
  const found: UsersSearch = {
    search: optionalString(search.search, 120),
    sort: optionalEnum(search.sort, USER_SORTS),
    page: Number.isSafeInteger(page) && page >= 1 && page <= 10_000 ? page : undefined,
  }
  return Object.fromEntries(Object.entries(found).filter(([, v]) => v !== undefined)) as UsersSearch
}

const PAGE_SIZE = 25

export const Route = createFileRoute("/admin/users")({
  validateSearch: (search: Record<string, unknown>) =>
    search as { readonly [K in keyof UsersSearch]?: unknown },
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps }) => ({
    denied: await adminAccess(context, "manage_users", () =>
      context.trpc.admin.users.list.ensureData({ ...validateUsersSearch(deps), pageSize: PAGE_SIZE }),
    ),
  }),
  head: () => adminHead("Usuários"),
  pendingComponent: () => <PageLoading label="Verificando permissões..." />,
  component: UsersPage,
})

function UsersPage() {
  const { denied } = Route.useLoaderData()
  if (denied) return <Denied message={denied} />
  return <Users />
}

const fieldClass = "min-h-11 w-full rounded-xl border border-theme bg-[var(--surface)] px-3"
const failure = (e: unknown) => (e instanceof Error ? e.message : "Erro inesperado. Tente novamente.")

function Users() {
  const { trpc } = Route.useRouteContext()
  const search = validateUsersSearch(Route.useSearch())
  const navigate = useNavigate({ from: Route.fullPath })
  const { data } = useSuspenseQuery(trpc.admin.users.list.queryOptions({ ...search, pageSize: PAGE_SIZE }))
  const pageCount = Math.max(1, Math.ceil(data.total / PAGE_SIZE))

  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    void navigate({ search: validateUsersSearch(Object.fromEntries(new FormData(event.currentTarget))) })
  }

  return (
    <div className="px-4 py-8">
      <h1 className="text-3xl font-bold tracking-tight">Usuários</h1>
      <p className="mt-1 text-muted">
        Papéis, bloqueio de acesso e confirmação de e-mail. Uma mudança de papel vale a partir da próxima
        página que a pessoa abrir.
      </p>
      <form
        key={JSON.stringify(search)}
        aria-label="Buscar usuários"
        method="get"
        action="/admin/users"
        onSubmit={apply}
        className="mt-6 grid gap-3 rounded-2xl surface p-4 sm:grid-cols-3"
      >
        <div className="sm:col-span-2">
          <label htmlFor="users-search" className="mb-1 block text-sm font-medium">
            Buscar
          </label>
          <input
            id="users-search"
            name="search"
            type="search"
            maxLength={120}
            defaultValue={search.search ?? ""}
            placeholder="E-mail ou nome"
            className={fieldClass}
          />
        </div>
        <div>
          <label htmlFor="users-sort" className="mb-1 block text-sm font-medium">
            Ordenar por
          </label>
          <select
            id="users-sort"
            name="sort"
            defaultValue={search.sort ?? "created_desc"}
            className={fieldClass}
          >
            {USER_SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {USER_SORT_LABELS[sort]}
              </option>
            ))}
          </select>
        </div>
        <div className="sm:col-span-3">
          <button type="submit" className="btn btn-primary">
            Buscar
          </button>
        </div>
      </form>

      <p className="mt-6 text-sm text-muted" aria-live="polite">
        {data.total === 1 ? "1 usuário" : `${data.total} usuários`}
      </p>
      {data.rows.length === 0 ? (
        <p className="mt-4 rounded-2xl surface p-6 text-center text-muted">Nenhum usuário encontrado.</p>
      ) : (
        <div className="relative mt-2 overflow-x-auto rounded-2xl surface">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Usuários da loja</caption>
            <thead className="border-b border-theme text-xs uppercase text-muted">
              <tr>
                <th scope="col" className="px-3 py-3">
                  Usuário
                </th>
                <th scope="col" className="px-3 py-3">
                  Cadastro
                </th>
                <th scope="col" className="px-3 py-3">
                  Papel
                </th>
                <th scope="col" className="px-3 py-3">
                  Situação
                </th>
                <th scope="col" className="px-3 py-3">
                  Ações
                </th>
              </tr>
            </thead>
            <tbody>
              {data.rows.map((user) => (
                <UserRowView key={user.id} user={user} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager
        label="Páginas de usuários"
        page={search.page ?? 1}
        pageCount={pageCount}
        to="/admin/users"
        search={(page) => ({ ...search, page })}
      />
    </div>
  )
}

function UserRowView({ user }: { user: UserRow }) {
  const { trpc, trpcClient } = Route.useRouteContext()
  const queryClient = useQueryClient()
  const [role, setRole] = useState<Role>(user.role)
  const [busy, setBusy] = useState(false)
  const [confirmBlock, setConfirmBlock] = useState(false)
  const listInput = { ...validateUsersSearch(Route.useSearch()), pageSize: PAGE_SIZE }
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.admin.users.list.queryKey(listInput) })

  const act = async (work: () => Promise<unknown>, success: string) => {
    setBusy(true)
    try {
      await work()
      toast.success(success)
      await refresh()
    } catch (e) {
      toast.error(failure(e))
      setRole(user.role)
    } finally {
      setBusy(false)
    }
  }
  const saveRole = (event: FormEvent) => {
    event.preventDefault()
    void act(() => trpcClient.admin.users.changeRole.mutate({ userId: user.id, role }), "Papel atualizado!")
  }
  const setBlocked = (blocked: boolean) => {
    setConfirmBlock(false)
    void act(
      () => trpcClient.admin.users.setBlocked.mutate({ userId: user.id, blocked }),
      blocked ? "Usuário bloqueado" : "Usuário desbloqueado",
    )
  }

  return (
    <tr className="border-b border-theme align-top last:border-0" data-user={user.email}>
      <td className="px-3 py-3">
        <span className="block font-medium">{user.name}</span>
        <span className="text-xs text-muted">{user.email}</span>
      </td>
      <td className="whitespace-nowrap px-3 py-3">{formatDate(user.createdAt)}</td>
      <td className="px-3 py-3">
        <form onSubmit={saveRole} className="flex flex-wrap items-center gap-2">
          <label htmlFor={`role-${user.id}`} className="sr-only">
            Papel de {user.email}
          </label>
          <select
            id={`role-${user.id}`}
            value={role}
            onChange={(e) => setRole(e.target.value as Role)}
            className="min-h-11 rounded-xl border border-theme bg-[var(--surface)] px-2"
          >
            {ROLES.map((r) => (
              <option key={r} value={r}>
                {ROLE_LABELS[r]}
              </option>
            ))}
          </select>
          <button type="submit" className="btn btn-ghost" disabled={busy || role === user.role}>
            Salvar papel
          </button>
        </form>
        <span className="mt-1 block text-xs text-muted">Origem: {ROLE_SOURCE_LABELS[user.roleSource]}</span>
      </td>
      <td className="px-3 py-3">
        <span className="block">{user.emailVerified ? "E-mail confirmado" : "E-mail não confirmado"}</span>
        <span className={user.blocked ? "font-semibold text-[var(--danger,#b91c1c)]" : "text-muted"}>
          {user.blocked ? "Bloqueado" : "Ativo"}
        </span>
      </td>
      <td className="px-3 py-3">
        <div className="flex flex-wrap gap-2">
          {user.blocked ? (
            <button type="button" className="btn btn-ghost" disabled={busy} onClick={() => setBlocked(false)}>
              Desbloquear
            </button>
          ) : (
            <button
              type="button"
              className="btn btn-ghost"
              disabled={busy}
              onClick={() => setConfirmBlock(true)}
            >
              Bloquear
            </button>
          )}
          {!user.emailVerified && (
            <button
              type="button"
              className="btn btn-ghost"
              disabled={busy}
              onClick={() =>
                void act(
                  () => trpcClient.admin.users.resendVerification.mutate({ userId: user.id }),
                  "E-mail de confirmação reenviado",
                )
              }
            >
              Reenviar confirmação
            </button>
          )}
        </div>
        <Dialog
          open={confirmBlock}
          onClose={() => setConfirmBlock(false)}
          title="Bloquear acesso?"
          description={`${user.email} não poderá entrar na loja e será desconectado de todos os aparelhos.`}
        >
          <div className="mt-4 flex justify-end gap-2">
            <button type="button" className="btn btn-ghost" onClick={() => setConfirmBlock(false)}>
              Cancelar
            </button>
            <button type="button" className="btn btn-primary" data-autofocus onClick={() => setBlocked(true)}>
              Bloquear acesso
            </button>
          </div>
        </Dialog>
      </td>
    </tr>
  )
}
