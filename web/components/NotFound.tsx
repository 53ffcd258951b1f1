import { Link } from "@tanstack/react-router"
import { Compass } from "lucide-react"
import { NOT_FOUND_TITLE } from "../lib/notFound"

export function NotFound({
  title = NOT_FOUND_TITLE,
  children,
}: {
  title?: string
  children?: React.ReactNode
}) {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
      <Compass aria-hidden className="h-14 w-14 text-accent" />
      <h1 className="mt-6 text-3xl font-bold tracking-tight">{title}</h1>
      <p className="mt-3 text-muted">
        {children ??
          "O endereço pode ter mudado ou não existe mais. Que tal voltar ao início ou ver as coleções?"}
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/" className="btn btn-primary">
          Voltar ao início
        </Link>
        <Link to="/colecoes" className="btn btn-ghost">
          Ver coleções
        </Link>
      </div>
    </section>
  )
}
