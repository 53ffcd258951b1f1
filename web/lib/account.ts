import { useNavigate } from "@tanstack/react-router"
import { toast } from "./toast"
import { useRefreshViewer } from "./viewer"

/** The admin areas; those with a `ready` text exist, the others are announced for a later version. */
export const ADMIN_LINKS: readonly { href: string; label: string; ready?: string }[] = [
  { href: "/admin", label: "Painel" },
  { href: "/admin/sales-reports", label: "Relatórios de vendas" },
  { href: "/admin/customers", label: "Clientes" },
  {
    href: "/admin/plans",
    label: "Planos pré-pagos",
    ready: "Nome, descrição, preço, edições, destaque e benefícios dos planos Trimestral, Semestral e Anual.",
  },
  { href: "/admin/collections", label: "Coleções" },
  {
    href: "/admin/orders",
    label: "Pedidos",
    ready: "Buscar, filtrar e exportar pedidos; produção, envio, reembolsos e devoluções.",
  },
  { href: "/admin/settings", label: "Configurações" },
  { href: "/admin/support", label: "Suporte" },
]

/** Signs out (the auth client loads on use), refreshes every query and loader, and goes home. */
export function useSignOut() {
  const refresh = useRefreshViewer()
  const navigate = useNavigate()
  return async () => {
    const { authClient } = await import("./authClient")
    const { error } = await authClient.signOut()
    if (error) {
      toast.error("Erro no logout", { description: error.message })
      return
    }
    await refresh()
    toast.success("Você saiu da sua conta", { description: "Até a próxima!" })
    await navigate({ to: "/" })
  }
}
