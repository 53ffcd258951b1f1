import { useRouter } from "@tanstack/react-router"
import { useEffect, useState } from "react"

/**
 * After a client-side navigation: scroll to top, move focus to the main content, and announce the new
 * page title to screen readers (a full page load does this by itself).
 */
export function RouteAnnouncer() {
  const router = useRouter()
  const [message, setMessage] = useState("")
  useEffect(
    () =>
      router.subscribe("onResolved", (event) => {
        if (!event.pathChanged) return
        window.scrollTo({ top: 0 })
        document.getElementById("main-content")?.focus({ preventScroll: true })
        setMessage(document.title)
      }),
    [router],
  )
  return (
    <div aria-live="polite" aria-atomic="true" className="sr-only">
      {message}
    </div>
  )
}
