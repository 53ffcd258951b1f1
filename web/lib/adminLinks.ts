import type { Permission } from "../../domain/accounts/roles"

/**
 * The header's admin dropdown (spec 000 §2), with the spec's paths; the older names (sales-reports, customers,
 * subscription-plans) redirect to the admin areas below. Not in ./account, which the header (every page's shell)
 * imports for signing out: only the account menu, loaded for a signed-in customer, lists them.
 */
export const ADMIN_LINKS: readonly { href: string; label: string }[] = [
  { href: "/admin", label: "Painel" },
  { href: "/admin/sales-reports", label: "Relatórios de vendas" },
  { href: "/admin/customers", label: "Clientes" },
  { href: "/admin/subscription-plans", label: "Planos pré-pagos" },
  { href: "/admin/collections", label: "Coleções" },
  { href: "/admin/orders", label: "Pedidos" },
  { href: "/admin/settings", label: "Configurações" },
  { href: "/admin/support", label: "Suporte" },
]

export interface AdminArea {
  readonly href: string
  readonly label: string
  /** What the dashboard's quick action says the area does. */
  readonly description: string
  readonly permission: Permission
}

/** The sidebar and the dashboard's quick actions (spec 002 §2): the dashboard plus nine areas, and the log. */
export const ADMIN_AREAS: readonly AdminArea[] = [
  { href: "/admin", label: "Painel", description: "Visão geral da loja.", permission: "access_admin" },
  {
    href: "/admin/collections",
    label: "Coleções",
    description: "Coleções, personagens, imagens, preços e datas de revelação.",
    permission: "manage_collections",
  },
  {
    href: "/admin/orders",
    label: "Pedidos",
    description: "Buscar, filtrar e exportar pedidos; produção, envio, reembolsos e devoluções.",
    permission: "manage_orders",
  },
  {
    href: "/admin/users",
    label: "Usuários",
    description: "Contas, papéis, bloqueio de acesso e verificação de e-mail.",
    permission: "manage_users",
  },
  {
    href: "/admin/coupons",
    label: "Cupons",
    description: "Criar, ativar, duplicar e acompanhar o uso dos cupons.",
    permission: "manage_collections",
  },
  {
    href: "/admin/reports",
    label: "Relatórios",
    description: "Receita, pedidos, ticket médio, assinaturas e cupons, com gráficos e CSV.",
    permission: "view_analytics",
  },
  {
    href: "/admin/payments",
    label: "Pagamentos",
    description: "Pagamentos do Mercado Pago, estornos e notificações recebidas.",
    permission: "manage_orders",
  },
  {
    href: "/admin/notifications",
    label: "Notificações",
    description: "E-mails enviados, eventos parados e comunicados aos clientes.",
    permission: "manage_settings",
  },
  {
    href: "/admin/plans",
    label: "Planos",
    description: "Nome, descrição, preço, edições, destaque e benefícios dos planos pré-pagos.",
    permission: "manage_collections",
  },
  {
    href: "/admin/settings",
    label: "Configurações",
    description: "Contato, frete, papéis por e-mail e integrações.",
    permission: "manage_settings",
  },
  {
    href: "/admin/support",
    label: "Suporte",
    description: "Chamados dos clientes, respostas, notas internas e o prazo de 24 horas.",
    permission: "answer_support",
  },
  {
    href: "/admin/audit",
    label: "Auditoria",
    description: "Quem mudou o quê, quando, com os valores antes e depois.",
    permission: "manage_settings",
  },
]
