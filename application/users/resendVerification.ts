import { Effect } from "effect"
import { USER_ADMIN_MESSAGES } from "../../domain/accounts/userAdmin"
import { recordAdminChange, requireStaff } from "../admin"
import { InvalidInput, TooManyRequests, UserNotFound } from "../errors"
import { RateLimiter } from "../ports/RateLimiter"
import { UserAccounts } from "../ports/UserAccounts"
import { VerificationMail } from "../ports/VerificationMail"

const RESENDS_PER_HOUR = 3
const HOUR = 60 * 60_000

/**
 * Sends an unconfirmed account a new confirmation link through the accounts' own mail path. A few per account
 * an hour: the button must not become a way to flood someone's mailbox.
 */
export const resendVerification = Effect.fn("Users.resendVerification")(function* (userId: string) {
  const actor = yield* requireStaff("manage_users")
  const target = yield* (yield* UserAccounts).find(userId)
  if (!target) return yield* new UserNotFound()
  if (target.emailVerified) return yield* new InvalidInput({ message: USER_ADMIN_MESSAGES.alreadyVerified })
  if (!(yield* (yield* RateLimiter).hit(`admin-resend-verification:${target.id}`, RESENDS_PER_HOUR, HOUR)))
    return yield* new TooManyRequests({
      message: "Muitas tentativas. Aguarde alguns minutos antes de reenviar a confirmação.",
    })
  yield* recordAdminChange({
    actor,
    subjectType: "user",
    subjectId: target.id,
    subjectLabel: target.email,
    action: "resend_verification",
    before: null,
    after: null,
  })
  yield* (yield* VerificationMail).send(target.email)
})
