import type { ExternalToast } from "sonner"

type Kind = "success" | "info" | "error" | "warning"

/** Toasts load their library on first use, keeping it out of every page's initial JavaScript. */
const show = (kind: Kind) => (title: string, options?: ExternalToast) => {
  void import("sonner").then(({ toast }) => toast[kind](title, options))
}

export const toast = {
  success: show("success"),
  info: show("info"),
  error: show("error"),
  warning: show("warning"),
}
