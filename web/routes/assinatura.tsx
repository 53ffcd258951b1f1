import { createFileRoute } from "@tanstack/react-router"
import { requireSignIn } from "../lib/guards"

export const Route = createFileRoute("/assinatura")({
  beforeLoad: ({ context, location }) => requireSignIn(context, location),
  component: () => null,
})
