import { useRouterState } from "@tanstack/react-router"

/** A thin bar at the top while a navigation is loading. */
export function RouteProgress() {
  const loading = useRouterState({ select: (s) => s.status === "pending" })
  return (
    <div
      aria-hidden
      className={`fixed inset-x-0 top-0 z-50 h-0.5 origin-left bg-[var(--accent)] transition-transform duration-500 ${
        loading ? "scale-x-75" : "scale-x-0"
      }`}
    />
  )
}
