import { createFileRoute, redirect } from "@tanstack/react-router"

/** The header dropdown's name for this area (spec 000 §2); the admin area lives at /admin/reports. */
export const Route = createFileRoute("/admin/sales-reports")({
  beforeLoad: () => {
    throw redirect({ to: "/admin/reports", statusCode: 301 })
  },
})
