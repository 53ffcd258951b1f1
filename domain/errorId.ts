/**
 * The id a customer quotes to support ("eb_…"). One format for the server, which logs it, and the error page,
 * which shows it: the page shows the id the server logged whenever the failure came from the server.
 */
export const ERROR_ID_PATTERN = /\beb_[0-9a-z]{6,12}_[0-9a-z]{6,8}\b/

export function errorIdIn(text: string): string | null {
  return ERROR_ID_PATTERN.exec(text)?.[0] ?? null
}

/** A new id from a time and random digits (given, so this stays pure). */
export function formatErrorId(epochMs: number, random: string): string {
  return `eb_${epochMs.toString(36)}_${random}`
}

const ERROR_CODE_LABEL = "Código do erro"

/** What a customer reads of any failure the store did not expect: never its cause. */
export const UNEXPECTED_ERROR = "Erro inesperado."

/** How an error page and a server failure's message name the code: the id of the request that failed. */
export const errorCodeLine = (id: string) => `${ERROR_CODE_LABEL}: ${id}`

// A request id may come from the store's own proxy in its own format (visible ASCII, at most 128 characters).
const ERROR_CODE_IN_MESSAGE = new RegExp(`${ERROR_CODE_LABEL}: ([\\x21-\\x7e]{1,128})`)

/** The code a server failure's message gives, whatever the id's format; else an id of ours in the text. */
export function errorCodeIn(text: string): string | null {
  return ERROR_CODE_IN_MESSAGE.exec(text)?.[1] ?? errorIdIn(text)
}
