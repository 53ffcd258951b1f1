import { lazy, Suspense, useEffect, useSyncExternalStore } from "react"
import { toastRegion } from "../lib/toast"

const Toaster = lazy(() => import("sonner").then((m) => ({ default: m.Toaster })))

/** Effects run in order: this one after the Toaster's, so toasts are sent only once it listens. */
function Mounted() {
  useEffect(() => toastRegion.mounted(), [])
  return null
}

/** The toast region, mounted when the first toast is asked for; one toast at a time, as the spec asks. */
export function Toasts() {
  const wanted = useSyncExternalStore(toastRegion.subscribe, toastRegion.wanted, () => false)
  if (!wanted) return null
  return (
    <Suspense fallback={null}>
      <Toaster position="top-center" richColors closeButton visibleToasts={1} />
      <Mounted />
    </Suspense>
  )
}
