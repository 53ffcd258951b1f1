import type { ExternalToast } from "sonner"

type Kind = "success" | "info" | "error" | "warning"

/**
 * Toasts load their library, and mount its region (web/components/Toasts.tsx), on first use: a page nobody
 * gets a toast on never downloads, evaluates or renders it.
 */
let requested = false
let regionReady: () => void = () => {}
const ready = new Promise<void>((resolve) => {
  regionReady = resolve
})
const listeners = new Set<() => void>()

export const toastRegion = {
  subscribe(listener: () => void) {
    listeners.add(listener)
    return () => listeners.delete(listener)
  },
  wanted: () => requested,
  /** Called by the region once sonner's Toaster is mounted and listening. */
  mounted: () => regionReady(),
}

const show = (kind: Kind) => (title: string, options?: ExternalToast) => {
  if (!requested) {
    requested = true
    for (const listener of listeners) listener()
  }
  void Promise.all([import("sonner"), ready]).then(([{ toast }]) => {
    // One toast at a time (spec 000 §4): the newest replaces the one on screen instead of stacking behind it.
    for (const shown of toast.getToasts()) if (shown.id !== options?.id) toast.dismiss(shown.id)
    toast[kind](title, options)
  })
}

/**
 * Closes the toast shown with `{ id }` (e.g. a form's earlier error once it saves). Queued behind the toasts
 * already asked for, so it never runs before the one it closes; nothing to do if no toast was ever shown.
 */
const dismiss = (id: string | number) => {
  if (!requested) return
  void Promise.all([import("sonner"), ready]).then(([{ toast }]) => toast.dismiss(id))
}

export const toast = {
  success: show("success"),
  info: show("info"),
  error: show("error"),
  warning: show("warning"),
  dismiss,
}
