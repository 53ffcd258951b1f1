/** What a person reads when a text they sent carries a character no keyboard types (NUL, escape, DEL...). */
export const INVALID_TEXT_MESSAGE = "Texto contém caracteres inválidos."

// Tab, line feed and carriage return are what multi-line texts (support messages, notes) are made of.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/

export const hasControlCharacter = (text: string): boolean => CONTROL.test(text)

/**
 * Whether any text inside a decoded request input (strings, object keys, at any depth) has a control character.
 * Walked without recursion: a client decides how deep its JSON nests.
 */
export function inputHasControlCharacter(input: unknown): boolean {
  const pending: unknown[] = [input]
  while (pending.length > 0) {
    const value = pending.pop()
    if (typeof value === "string") {
      if (hasControlCharacter(value)) return true
    } else if (Array.isArray(value) || value instanceof Set) {
      pending.push(...value)
    } else if (value instanceof Map) {
      for (const [key, item] of value) pending.push(key, item)
    } else if (value !== null && typeof value === "object") {
      for (const [key, item] of Object.entries(value)) pending.push(key, item)
    }
  }
  return false
}
