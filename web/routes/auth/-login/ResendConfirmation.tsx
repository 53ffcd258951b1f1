import { useState } from "react"
import { forgotErrorMessage, RESEND_CONFIRMATION_SENT } from "../../../../domain/accounts/authValidation"
import { FormError } from "../../../components/AuthForm"
import { authClient } from "../../../lib/authClient"
import { verificationCallbackURL } from "../../../lib/guards"

/**
 * Offered when a sign-in is refused for an unconfirmed e-mail. The server limits how often it sends (per address
 * and per recipient) and answers alike whether or not the address has an account, and so does this text.
 */
export function ResendConfirmation({ email, from }: { email: string; from: string | undefined }) {
  const [state, setState] = useState<"idle" | "sending" | "sent">("idle")
  const [error, setError] = useState<string | null>(null)
  const resend = async () => {
    setState("sending")
    setError(null)
    const { error: failure } = await authClient.resendVerification(
      email.trim(),
      verificationCallbackURL(from),
    )
    if (failure) {
      setState("idle")
      setError(forgotErrorMessage(failure.code, failure.status))
      return
    }
    setState("sent")
  }
  if (state === "sent")
    return (
      <p role="status" className="mb-4 rounded-xl surface-2 px-3 py-2 text-sm">
        {RESEND_CONFIRMATION_SENT}
      </p>
    )
  return (
    <div className="mb-4">
      <FormError message={error} />
      <button type="button" className="btn btn-ghost w-full" disabled={state === "sending"} onClick={resend}>
        {state === "sending" ? "Enviando..." : "Reenviar e-mail de confirmação"}
      </button>
    </div>
  )
}
