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
