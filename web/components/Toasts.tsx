import { lazy, Suspense, useEffect, useSyncExternalStore } from "react"
import { toastRegion } from "../lib/toast"

const Toaster = lazy(() => import("sonner").then((m) => ({ default: m.Toaster })))

/** The header's 64 px bar plus a gap. */
const HEADER_CLEARANCE = 72

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
      {/* Below the header's bar (h-16) and beneath its layer (z-40): an open menu covers a toast, never the
          other way round. */}
      <Toaster
        position="top-center"
        richColors
        closeButton
        visibleToasts={1}
        offset={{ top: HEADER_CLEARANCE }}
        mobileOffset={{ top: HEADER_CLEARANCE }}
        style={{ zIndex: 30 }}
      />
      <Mounted />
    </Suspense>
  )
}
