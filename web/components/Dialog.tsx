import { X } from "lucide-react"
import { type ReactNode, useEffect, useId, useRef } from "react"

const DIALOG_WIDTHS = { sm: "max-w-md", lg: "max-w-xl", xl: "max-w-3xl" } as const

/**
 * A modal dialog on the native <dialog>: the browser traps focus, makes the page behind inert and closes it
 * with Escape. Focus goes to the element marked `data-autofocus` (else the first control) when it opens, and
 * back to whatever had it before when it closes.
 */
export function Dialog({
  open,
  onClose,
  title,
  description,
  children,
  size = "sm",
  closeLabel,
}: {
  open: boolean
  onClose: () => void
  title: string
  description?: ReactNode
  children: ReactNode
  size?: "sm" | "lg" | "xl"
  /** When given, a visible close button with this name sits by the title, whatever the dialog shows below. */
  closeLabel?: string
}) {
  const ref = useRef<HTMLDialogElement>(null)
  const id = useId()
  const opener = useRef<HTMLElement | null>(null)
  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    if (open && !dialog.open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null
      dialog.showModal()
      const first = dialog.querySelector<HTMLElement>(
        "[data-autofocus], input:not([type=hidden]), select, textarea, button",
      )
      first?.focus()
    } else if (!open && dialog.open) {
      dialog.close()
    }
  }, [open])
  useEffect(
    () => () => {
      // Unmounted while open (e.g. the list it belonged to changed): focus must not fall to <body>.
      if (ref.current?.open) opener.current?.focus()
    },
    [],
  )
  return (
    <dialog
      ref={ref}
      aria-labelledby={`${id}-title`}
      aria-describedby={description ? `${id}-description` : undefined}
      onCancel={(event) => {
        event.preventDefault()
        onClose()
      }}
      onClose={() => {
        opener.current?.focus()
        opener.current = null
      }}
      className={`m-auto w-[calc(100%-2rem)] ${DIALOG_WIDTHS[size]} rounded-2xl surface p-0 text-[var(--text)] backdrop:bg-black/60`}
    >
      {open && (
        <div className="max-h-[85dvh] overflow-y-auto p-6">
          <div className="flex items-start justify-between gap-3">
            <h2 id={`${id}-title`} className="text-lg font-semibold">
              {title}
            </h2>
            {closeLabel && (
              <button
                type="button"
                className="btn btn-ghost -mr-2 -mt-1 shrink-0 px-2 py-1 text-sm"
                onClick={onClose}
              >
                <X aria-hidden className="h-4 w-4" /> {closeLabel}
              </button>
            )}
          </div>
          {description && (
            <div id={`${id}-description`} className="mt-2 text-sm text-muted">
              {description}
            </div>
          )}
          <div className="mt-4">{children}</div>
        </div>
      )}
    </dialog>
  )
}
