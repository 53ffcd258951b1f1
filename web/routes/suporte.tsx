import { createFileRoute, redirect } from "@tanstack/react-router"

/** The same help page as /support (spec 002 §2), at one address: the pt-BR path leads there. */
export const Route = createFileRoute("/suporte")({
  beforeLoad: () => {
    throw redirect({ to: "/support", statusCode: 301 })
  },
})
