import { lazy, Suspense, useEffect, useState } from "react"

const Toaster = lazy(() => import("sonner").then((m) => ({ default: m.Toaster })))

/** The toast region, mounted after hydration; one toast at a time, as the spec asks. */
export function Toasts() {
  const [mounted, setMounted] = useState(false)
  useEffect(() => setMounted(true), [])
  if (!mounted) return null
  return (
    <Suspense fallback={null}>
      <Toaster position="top-center" richColors closeButton visibleToasts={1} />
    </Suspense>
  )
}
