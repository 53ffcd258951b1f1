import { Link } from "@tanstack/react-router"

/** The header's navigation, in its bar from lg and in the mobile menu below. */
export const NAV = [
  { to: "/colecoes", label: "Coleções" },
  { to: "/planos", label: "Planos" },
  { to: "/como-funciona", label: "Como Funciona" },
  { to: "/faq", label: "FAQ" },
  // The first to give way: below xl (2xl for a signed-in customer, whose account links take the room) it is
  // left to the footer and the account's orders.
  { to: "/rastrear", label: "Rastrear", wide: true },
] as const

/** A visitor's sign-in and sign-up links (the header's bar from sm, the mobile menu below). */
export function AccountButtons({ className }: { className: string }) {
  return (
    <>
      <Link to="/auth/login" className={`btn btn-ghost ${className}`}>
        Entrar
      </Link>
      <Link to="/auth/register" className={`btn btn-primary ${className}`}>
        Cadastrar
      </Link>
    </>
  )
}
