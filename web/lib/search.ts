/**
 * Tiny search-param readers: a value that is not one of the allowed ones is dropped, never an error,
 * so a mistyped or stale link still opens the page. (A schema library here would cost ~20 KB of bundle.)
 */
export const optionalString = (value: unknown, max = 120): string | undefined =>
  typeof value === "string" && value.length > 0 && value.length <= max ? value : undefined

export const optionalEnum = <const T extends readonly string[]>(
  value: unknown,
  allowed: T,
): T[number] | undefined =>
  typeof value === "string" && (allowed as readonly string[]).includes(value)
    ? (value as T[number])
    : undefined
