import type { Ticket } from "./tickets"

/**
 * A visitor's ticket names an e-mail address nobody has proven yet: anyone can type anyone's address. It joins
 * an account only once the address is proven — by the signed-in session that opened it, or by the link in the
 * acknowledgement e-mail, which only the mailbox's owner can follow.
 */

/** Acknowledgement e-mails one address receives at most in a rolling window; further tickets are still stored. */
export const ACKNOWLEDGEMENTS_PER_RECIPIENT = { max: 3, windowMs: 24 * 3_600_000 } as const

/** The limiter's key: one counter per address, whatever its case. */
export const acknowledgementKey = (email: string): string => `support-ack:${email.trim().toLowerCase()}`

/** Where the acknowledgement's link lands: a page that asks for a click (mail scanners open links by themselves). */
export const TICKET_PROOF_PAGE_PATH = "/confirmar-chamado"

/** A proof token reads `chamado.<base64url ticket id>.<signature>`; only the signature makes it worth anything. */
export const TICKET_PROOF_PURPOSE = "chamado"

/** Longer than any token the server signs: refused before any work. */
export const MAX_TICKET_PROOF_TOKEN = 200

/** The ticket a proof token names, or null for anything that is not shaped like one (signature not checked). */
export function ticketIdOfProofToken(token: string): string | null {
  if (token.length > MAX_TICKET_PROOF_TOKEN) return null
  const parts = token.split(".")
  if (parts.length !== 3 || parts[0] !== TICKET_PROOF_PURPOSE || !parts[1] || !parts[2]) return null
  const id = decodeBase64Url(parts[1])
  return id && /^[0-9a-f-]{36}$/i.test(id) ? id : null
}

function decodeBase64Url(text: string): string | null {
  if (!/^[A-Za-z0-9_-]+$/.test(text)) return null
  try {
    return atob(text.replace(/-/g, "+").replace(/_/g, "/"))
  } catch {
    return null
  }
}

export interface TicketReader {
  readonly id: string
  readonly email: string
  readonly emailVerified: boolean
}

/**
 * Whose ticket this is: the account that opened it (or took it by answering), or — for a visitor's ticket whose
 * address was proven through the e-mail's link — the account that verified that same address. An unproven
 * visitor's ticket belongs to no account, so typing someone else's address plants nothing in their account.
 */
export const ownsTicket = (
  ticket: Pick<Ticket, "userId" | "email" | "emailProvenAt">,
  reader: TicketReader,
): boolean =>
  ticket.userId === reader.id ||
  (ticket.userId === null &&
    ticket.emailProvenAt !== null &&
    reader.emailVerified &&
    ticket.email === reader.email.trim().toLowerCase())

/** What the proof page says, in pt-BR. */
export const TICKET_PROOF_TEXTS = {
  ask: "Confirme que este e-mail é seu para acompanhar o chamado na sua conta.",
  button: "Confirmar meu e-mail",
  done: (number: string) =>
    `Pronto: o chamado ${number} foi confirmado. Entre (ou crie sua conta) com este mesmo e-mail e acompanhe a conversa em Minha conta › Suporte.`,
  invalid:
    "Este link de confirmação é inválido ou foi alterado. Use o link do e-mail que recebeu ou fale com a gente por e-mail.",
} as const
