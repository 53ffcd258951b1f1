/**
 * A session's browser and system in words a customer recognises ('Chrome no Linux'), read from the User-Agent
 * header. Only the families people use are named; anything else (bots, command-line tools, a missing header)
 * is 'Navegador desconhecido'.
 */
export const UNKNOWN_BROWSER = "Navegador desconhecido"

/** First match wins: browsers built on Chrome also announce 'Chrome', and Chrome announces 'Safari'. */
const BROWSERS: readonly (readonly [RegExp, string])[] = [
  [/SamsungBrowser\//, "Samsung Internet"],
  [/\bOPR\/|\bOPT\/|\bOpera\b/, "Opera"],
  [/\bEdg(e|A|iOS)?\//, "Edge"],
  [/\bFirefox\/|\bFxiOS\//, "Firefox"],
  [/Chrome\/|\bCriOS\//, "Chrome"],
  [/\bVersion\/[\d.]+.*\bSafari\//, "Safari"],
]

/** iPad and iPhone before macOS (they say 'like Mac OS X'); Android before Linux (it says 'Linux'). */
const SYSTEMS: readonly (readonly [RegExp, string])[] = [
  [/\biPad\b/, "iPad"],
  [/\biPhone\b|\biPod\b/, "iPhone"],
  [/\bAndroid\b/, "Android"],
  [/\bWindows\b/, "Windows"],
  [/\bCrOS\b/, "ChromeOS"],
  [/\bMacintosh\b|\bMac OS X\b/, "macOS"],
  [/\bLinux\b|\bX11\b/, "Linux"],
]

const first = (table: readonly (readonly [RegExp, string])[], text: string) =>
  table.find(([pattern]) => pattern.test(text))?.[1]

export function describeUserAgent(userAgent: string | null | undefined): string {
  const text = userAgent ?? ""
  const browser = first(BROWSERS, text)
  if (!browser) return UNKNOWN_BROWSER
  const system = first(SYSTEMS, text)
  return system ? `${browser} no ${system}` : browser
}
