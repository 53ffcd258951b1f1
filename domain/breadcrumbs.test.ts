import { describe, expect, it } from "vitest"
import { type Breadcrumb, breadcrumbs } from "./breadcrumbs"

const HOME: Breadcrumb = { label: "Início", href: "/" }
const UUID = "3f2a9c1e-8b7d-4e6f-9a0b-1c2d3e4f5a6b"

describe("breadcrumbs", () => {
  it.each<[string, Breadcrumb[]]>([
    ["/", [HOME]],
    ["", [HOME]],
    ["/colecoes", [HOME, { label: "Coleções", href: "/colecoes" }]],
    ["/colecoes/", [HOME, { label: "Coleções", href: "/colecoes" }]],
    ["/assinatura", [HOME, { label: "Meu Plano", href: "/assinatura" }]],
    ["/perfil", [HOME, { label: "Perfil", href: "/perfil" }]],
    ["/profile", [HOME, { label: "Perfil", href: "/profile" }]],
    ["/ranking", [HOME, { label: "Ranking", href: "/ranking" }]],
    ["/missions", [HOME, { label: "Missões", href: "/missions" }]],
    ["/achievements", [HOME, { label: "Conquistas", href: "/achievements" }]],
    ["/support", [HOME, { label: "Suporte", href: "/support" }]],
    ["/suporte", [HOME, { label: "Suporte", href: "/suporte" }]],
    ["/checkout", [HOME, { label: "Finalizar Compra", href: "/checkout" }]],
    ["/payment-success", [HOME, { label: "Pagamento", href: "/payment-success" }]],
    ["/planos", [HOME, { label: "Planos", href: "/planos" }]],
    ["/personagens", [HOME, { label: "Personagens", href: "/personagens" }]],
    ["/carrinho", [HOME, { label: "Carrinho", href: "/carrinho" }]],
    ["/faq", [HOME, { label: "FAQ", href: "/faq" }]],
    ["/como-funciona", [HOME, { label: "Como Funciona", href: "/como-funciona" }]],
    ["/rastrear", [HOME, { label: "Rastrear Pedido", href: "/rastrear" }]],
    [
      `/perfil/pedidos/${UUID}`,
      [HOME, { label: "Perfil", href: "/perfil" }, { label: "Pedidos", href: "/perfil/pedidos" }],
    ],
    [
      "/certificado/ABCDE-FGHJK-MNPQR-STVWX",
      [
        HOME,
        { label: "Certificado", href: "/certificado" },
        { label: "ABCDE FGHJK MNPQR STVWX", href: "/certificado/ABCDE-FGHJK-MNPQR-STVWX" },
      ],
    ],
    ["/privacy", [HOME, { label: "Privacidade", href: "/privacy" }]],
    ["/terms", [HOME, { label: "Termos de Uso", href: "/terms" }]],
    ["/admin", [HOME, { label: "Administração", href: "/admin" }]],
    [
      "/admin/plans",
      [HOME, { label: "Administração", href: "/admin" }, { label: "Planos", href: "/admin/plans" }],
    ],
    ["/novidades-da-semana", [HOME, { label: "Novidades da semana", href: "/novidades-da-semana" }]],
    ["/caf%C3%A9", [HOME, { label: "Café", href: "/caf%C3%A9" }]],
    ["/%E0%A4%A", [HOME, { label: "%E0%A4%A", href: "/%E0%A4%A" }]],
    [`/colecoes/${UUID}`, [HOME, { label: "Coleções", href: "/colecoes" }]],
    [
      `/colecoes/${UUID}/character/deadbeef`,
      [
        HOME,
        { label: "Coleções", href: "/colecoes" },
        { label: "Personagem", href: `/colecoes/${UUID}/character` },
      ],
    ],
    // Seven characters is too short to be an id; a non-hex letter is not an id either.
    ["/abcdef1", [HOME, { label: "Abcdef1", href: "/abcdef1" }]],
    ["/abcdefgh", [HOME, { label: "Abcdefgh", href: "/abcdefgh" }]],
    ["/12345678", [HOME]],
    [
      "/admin/colecoes/novo/editar",
      [
        HOME,
        { label: "Novo", href: "/admin/colecoes/novo" },
        { label: "Editar", href: "/admin/colecoes/novo/editar" },
      ],
    ],
    [
      "/admin/colecoes/novo",
      [
        HOME,
        { label: "Administração", href: "/admin" },
        { label: "Coleções", href: "/admin/colecoes" },
        { label: "Novo", href: "/admin/colecoes/novo" },
      ],
    ],
  ])("%s", (pathname, expected) => {
    expect(breadcrumbs(pathname)).toEqual(expected)
  })

  it.each<[string, Record<string, string>, Breadcrumb[]]>([
    [
      `/colecoes/${UUID}`,
      { [`/colecoes/${UUID}`]: "Lendas do Terror" },
      [
        HOME,
        { label: "Coleções", href: "/colecoes" },
        { label: "Lendas do Terror", href: `/colecoes/${UUID}` },
      ],
    ],
    [
      "/perfil",
      { "/perfil": "Minha Conta", "/outra": "Ignorado" },
      [HOME, { label: "Minha Conta", href: "/perfil" }],
    ],
    ["/perfil", { perfil: "Chave sem barra" }, [HOME, { label: "Perfil", href: "/perfil" }]],
    ["/constructor", {}, [HOME, { label: "Constructor", href: "/constructor" }]],
    [
      `/colecoes/${UUID}/character/deadbeef`,
      { [`/colecoes/${UUID}`]: "Lendas", [`/colecoes/${UUID}/character/deadbeef`]: "Drácula" },
      [
        HOME,
        { label: "Personagem", href: `/colecoes/${UUID}/character` },
        { label: "Drácula", href: `/colecoes/${UUID}/character/deadbeef` },
      ],
    ],
  ])("%s with overrides %o", (pathname, overrides, expected) => {
    expect(breadcrumbs(pathname, overrides)).toEqual(expected)
  })
})

describe("account screens", () => {
  it.each([
    ["/auth/login", "Entrar"],
    ["/auth/register", "Criar conta"],
    ["/auth/forgot-password", "Esqueci a senha"],
    ["/auth/reset-password", "Nova senha"],
    ["/auth/verify-email", "Confirmar e-mail"],
  ])("labels %s", (path, label) => {
    expect(breadcrumbs(path).map((c) => c.label)).toEqual(["Início", "Conta", label])
  })
})
