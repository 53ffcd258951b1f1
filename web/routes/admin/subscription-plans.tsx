import { createFileRoute, redirect } from "@tanstack/react-router"

/** The header dropdown's name for this area (spec 000 §2); the admin area lives at /admin/plans. */
export const Route = createFileRoute("/admin/subscription-plans")({
  beforeLoad: () => {
    throw redirect({ to: "/admin/plans", statusCode: 301 })
  },
})
