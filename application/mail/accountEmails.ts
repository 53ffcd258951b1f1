import { Effect } from "effect"
import type { DomainEvent, RecordedEvent } from "../../domain/events"
import type { EventHandler } from "../events"
import { Clock } from "../ports/Clock"
import type { Mailer } from "../ports/Mailer"
import type { NotificationCenter } from "../ports/NotificationCenter"
import { type SealBroken, SecretBox } from "../ports/SecretBox"
import type { SentEmails } from "../ports/SentEmails"
import type { StoreSettings } from "../ports/StoreSettings"
import type { StoreSite } from "../ports/StoreSite"
import type { UnsubscribeTokens } from "../ports/UnsubscribeTokens"
import { accountClosedEmail } from "./accountClosedTemplate"
import { deliverEmail } from "./deliverEmail"
import { storeIdentity } from "./storeIdentity"
import {
  type EmailContent,
  existingAccountEmail,
  passwordChangedEmail,
  RESET_LINK_HOURS,
  resetPasswordEmail,
  type StoreIdentity,
  VERIFICATION_LINK_HOURS,
  verificationEmail,
  welcomeEmail,
} from "./templates"

const inSaoPaulo = new Intl.DateTimeFormat("pt-BR", {
  dateStyle: "short",
  timeStyle: "short",
  timeZone: "America/Sao_Paulo",
})

type AccountEmailEvent = Extract<
  DomainEvent,
  {
    type:
      | "EmailVerificationRequested"
      | "PasswordResetRequested"
      | "PasswordChanged"
      | "EmailVerified"
      | "SignUpAttemptedOnExistingAccount"
      | "AccountClosed"
  }
>

/** The template each account event sends, rendered. The secret link is unsealed only here, to write the message. */
const compose = Effect.fnUntraced(function* (
  event: AccountEmailEvent,
  store: StoreIdentity,
): Effect.fn.Return<{ template: string; content: EmailContent }, SealBroken, SecretBox> {
  const box = yield* SecretBox
  const { name } = event.payload
  switch (event.type) {
    case "EmailVerificationRequested":
      return {
        template: "verification",
        content: verificationEmail({ name, url: yield* box.open(event.payload.link), store }),
      }
    case "PasswordResetRequested":
      return {
        template: "password-reset",
        content: resetPasswordEmail({ name, url: yield* box.open(event.payload.link), store }),
      }
    case "PasswordChanged":
      return {
        template: "password-changed",
        content: passwordChangedEmail({ name, when: inSaoPaulo.format(new Date(event.payload.at)), store }),
      }
    case "EmailVerified":
      return { template: "welcome", content: welcomeEmail({ name, url: store.publicUrl, store }) }
    case "AccountClosed":
      return {
        template: ACCOUNT_CLOSED_TEMPLATE,
        content: accountClosedEmail({ name, items: event.payload.items, store }),
      }
    case "SignUpAttemptedOnExistingAccount":
      return {
        template: "existing-account",
        content: existingAccountEmail({
          name,
          loginUrl: `${store.publicUrl}/auth/login`,
          resetUrl: `${store.publicUrl}/auth/forgot-password`,
          store,
        }),
      }
  }
})

/** The deletion's confirmation: the one message the forgetting of its address leaves in the dev mailbox. */
export const ACCOUNT_CLOSED_TEMPLATE = "account-closed"

const HOUR = 60 * 60_000

/** A retried message whose link has already expired would only frustrate its reader: it is not sent. */
function linkExpired(event: AccountEmailEvent & { occurredAt: number }, now: number): boolean {
  if (event.type === "PasswordResetRequested") return now - event.occurredAt > RESET_LINK_HOURS * HOUR
  if (event.type === "EmailVerificationRequested")
    return now - event.occurredAt > VERIFICATION_LINK_HOURS * HOUR
  return false
}

export const ACCOUNT_EMAIL_EVENTS = [
  "EmailVerificationRequested",
  "PasswordResetRequested",
  "PasswordChanged",
  "EmailVerified",
  "SignUpAttemptedOnExistingAccount",
  "AccountClosed",
] as const satisfies readonly AccountEmailEvent["type"][]

const isAccountEmailEvent = (event: RecordedEvent): event is RecordedEvent & AccountEmailEvent =>
  (ACCOUNT_EMAIL_EVENTS as readonly string[]).includes(event.type)

/**
 * The account e-mails: confirmation, password reset, password changed, welcome, "you already have an account",
 * and the last one, confirming a deletion.
 */
export const accountEmailsHandler: EventHandler<
  Clock | Mailer | SecretBox | SentEmails | NotificationCenter | UnsubscribeTokens | StoreSettings | StoreSite
> = {
  name: "mail.account",
  on: ACCOUNT_EMAIL_EVENTS,
  mode: "external",
  handle: (event) =>
    Effect.gen(function* () {
      if (!isAccountEmailEvent(event)) return
      const now = yield* (yield* Clock).now()
      if (linkExpired(event, now)) return yield* Effect.logInfo("link expired before it could be sent")
      const { template, content } = yield* compose(event, yield* storeIdentity)
      yield* deliverEmail({ eventId: event.id, template, to: event.payload.email, content })
    }),
}
