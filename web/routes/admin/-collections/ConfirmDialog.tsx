import { useState } from "react"
import { Dialog } from "../../../components/Dialog"

/** Spec 002 §5: every delete asks first. `confirm` runs the removal; the dialog stays open while it does. */
export function ConfirmDialog({
  open,
  title,
  description,
  confirmLabel,
  onConfirm,
  onClose,
}: {
  open: boolean
  title: string
  description: string
  confirmLabel: string
  onConfirm: () => Promise<void>
  onClose: () => void
}) {
  const [busy, setBusy] = useState(false)
  return (
    <Dialog open={open} onClose={onClose} title={title} description={description}>
      <div className="flex justify-end gap-3">
        <button type="button" className="btn btn-ghost" onClick={onClose} data-autofocus>
          Cancelar
        </button>
        <button
          type="button"
          className="btn btn-primary"
          disabled={busy}
          onClick={async () => {
            setBusy(true)
            try {
              await onConfirm()
            } finally {
              setBusy(false)
            }
          }}
        >
          {busy ? "Removendo..." : confirmLabel}
        </button>
      </div>
    </Dialog>
  )
}
