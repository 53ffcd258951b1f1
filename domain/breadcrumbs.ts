export interface Breadcrumb {
  label: string
  href: string
}

export const HOME_CRUMB: Breadcrumb = { label: "Início", href: "/" }

const SEGMENT_LABELS: ReadonlyMap<string, string> = new Map([
  ["colecoes", "Coleções"],
  ["assinatura", "Meu Plano"],
  ["perfil", "Perfil"],
  ["ranking", "Ranking"],
  ["missions", "Missões"],
  ["achievements", "Conquistas"],
  ["support", "Suporte"],
  ["suporte", "Suporte"],
  ["character", "Personagem"],
  ["checkout", "Finalizar Compra"],
  ["payment-success", "Pagamento"],
  ["planos", "Planos"],
  ["personagens", "Personagens"],
  ["carrinho", "Carrinho"],
  ["faq", "FAQ"],
  ["como-funciona", "Como Funciona"],
  ["rastrear", "Rastrear Pedido"],
  ["pedidos", "Pedidos"],
  ["certificado", "Certificado"],
  ["privacy", "Privacidade"],
  ["terms", "Termos de Uso"],
  ["profile", "Perfil"],
  ["admin", "Administração"],
  ["orders", "Pedidos"],
  ["plans", "Planos"],
  ["bulk", "Ações em lote"],
  ["collections", "Coleções"],
  ["coupons", "Cupons"],
  ["users", "Usuários"],
  ["customers", "Clientes"],
  ["reports", "Relatórios"],
  ["sales-reports", "Relatórios de vendas"],
  ["payments", "Pagamentos"],
  ["notifications", "Notificações"],
  ["settings", "Configurações"],
  ["audit", "Auditoria"],
  ["subscription-plans", "Planos de assinatura"],
  ["auth", "Conta"],
  ["login", "Entrar"],
  ["register", "Criar conta"],
  ["forgot-password", "Esqueci a senha"],
  ["reset-password", "Nova senha"],
  ["verify-email", "Confirmar e-mail"],
  ["callback", "Entrando"],
])

// UUIDs and hex ids say nothing to a shopper, so they are dropped unless a page names them.
const ID_SEGMENT = /^[0-9a-f-]{8,}$/i

/** Longer trails keep the first crumb and the last two so the bar fits on a phone. */
const MAX_CRUMBS = 4

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}

function fallbackLabel(segment: string): string {
  const text = decodeSegment(segment).replace(/-/g, " ")
  return text.charAt(0).toUpperCase() + text.slice(1)
}

export function breadcrumbs(
  pathname: string,
  overrides: Readonly<Record<string, string>> = {},
): Breadcrumb[] {
  const segments = pathname.split("/").filter((s) => s !== "")
  const crumbs: Breadcrumb[] = [HOME_CRUMB]
  let href = ""
  for (const segment of segments) {
    href = `${href}/${segment}`
    const override = Object.hasOwn(overrides, href) ? overrides[href] : undefined
    if (override !== undefined) crumbs.push({ label: override, href })
    else if (!ID_SEGMENT.test(segment)) {
      crumbs.push({ label: SEGMENT_LABELS.get(segment.toLowerCase()) ?? fallbackLabel(segment), href })
    }
  }
  if (crumbs.length <= MAX_CRUMBS) return crumbs
  return [HOME_CRUMB, ...crumbs.slice(-2)]
}
