import { createFileRoute, redirect } from "@tanstack/react-router"

/** Old links and the prototype's post-login destination all lead to the account page. */
export const Route = createFileRoute("/clientes")({
  beforeLoad: () => {
    throw redirect({ to: "/perfil", statusCode: 301 })
  },
})
