import { createFileRoute, redirect } from "@tanstack/react-router"

/** The header dropdown's name for this area (spec 000 §2); the admin area lives at /admin/users. */
export const Route = createFileRoute("/admin/customers")({
  beforeLoad: () => {
    throw redirect({ to: "/admin/users", statusCode: 301 })
  },
})
