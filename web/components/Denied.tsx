import { ShieldAlert } from "lucide-react"

/** An admin page refused to this viewer, with the spec's denial text. */
export function Denied({ message }: { message: string }) {
  return (
    <section role="alert" className="mx-auto max-w-xl px-4 py-20 text-center">
      <ShieldAlert aria-hidden className="mx-auto h-12 w-12 text-red-700 dark:text-red-400" />
      <h1 className="mt-4 text-2xl font-bold">{message}</h1>
      <a href="/" className="btn btn-ghost mt-6">
        Voltar ao início
      </a>
    </section>
  )
}
