/**
 * The admin areas; those with a `ready` text exist, the others are announced for a later version. Not in
 * ./account, which the header (every page's shell) imports for signing out: only the account menu, loaded for
 * a signed-in customer, and the admin dashboard list them.
 */
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
