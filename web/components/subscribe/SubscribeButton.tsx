import { Link, useRouterState } from "@tanstack/react-router"
import { BadgeCheck } from "lucide-react"
import { lazy, Suspense, useEffect, useRef, useState } from "react"
import { useSubscribedCollections } from "../../lib/subscriber"
import { useViewer } from "../../lib/viewer"

// Only collectors who open it load the dialog, its machine and the card form.
const loadDialog = () => import("./dialogEntry").then((entry) => entry.loadSubscribeDialog())
const SubscribeDialog = lazy(loadDialog)

/**
 * 'Assinar Coleção Completa': opens the subscription dialog of the collection. A subscriber of it is shown
 * the way to their subscription instead. `?assinar=<plan>` (the way back from sign-in) opens it on that plan.
 */
export function SubscribeButton({
  collection,
  className = "btn btn-primary",
}: {
  collection: { id: string; name: string }
  className?: string
}) {
  const viewer = useViewer()
  const subscribed = useSubscribedCollections().has(collection.id)
  const assinar = useRouterState({ select: (s) => new URLSearchParams(s.location.searchStr).get("assinar") })
  const resumePlan = viewer ? assinar : null
  const [open, setOpen] = useState(false)
  // Closing (Escape or the dialog's button) puts the focus back on this button (or, once subscribed, on the
  // link that replaced it), also when the dialog was opened by the way back from sign-in.
  const trigger = useRef<HTMLButtonElement & HTMLAnchorElement>(null)
  const wasOpen = useRef(false)
  useEffect(() => {
    if (wasOpen.current && !open) trigger.current?.focus()
    wasOpen.current = open
  }, [open])
  // Opened after hydration: the dialog (and its machine) never render on the server.
  useEffect(() => {
    if (resumePlan !== null) setOpen(true)
  }, [resumePlan])
  return (
    <>
      {subscribed && !open ? (
        <Link ref={trigger} to="/assinatura" className={className}>
          <BadgeCheck aria-hidden className="h-4 w-4" /> Gerenciar minha assinatura
        </Link>
      ) : (
        <button
          ref={trigger}
          type="button"
          className={className}
          aria-haspopup="dialog"
          onClick={() => setOpen(true)}
          onPointerEnter={() => void loadDialog()}
          onFocus={() => void loadDialog()}
        >
          Assinar Coleção Completa
        </button>
      )}
      {open && (
        <Suspense fallback={null}>
          <SubscribeDialog
            collection={collection}
            signedIn={viewer !== null}
            planId={resumePlan}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      )}
    </>
  )
}
