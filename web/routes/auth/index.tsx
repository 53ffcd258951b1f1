import { createFileRoute, redirect } from "@tanstack/react-router"

export const Route = createFileRoute("/auth/")({
  beforeLoad: ({ search }) => {
    if ((search as { tab?: string }).tab === "reset-password")
      throw redirect({ to: "/auth/reset-password", search: {} })
    throw redirect({ to: "/auth/login", search: {} })
  },
})
