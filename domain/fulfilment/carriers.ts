/** Where a customer follows a parcel on the carrier's own site; null for a carrier we have no page for. */
const TRACKING_PAGES: readonly { readonly match: RegExp; readonly url: (code: string) => string }[] = [
  {
    match: /correios|sedex|pac/i,
    url: (code) => `https://rastreamento.correios.com.br/app/index.php?objetos=${encodeURIComponent(code)}`,
  },
  {
    match: /jadlog/i,
    url: (code) => `https://www.jadlog.com.br/jadlog/tracking?cte=${encodeURIComponent(code)}`,
  },
  {
    match: /loggi/i,
    url: (code) => `https://www.loggi.com/rastreador/${encodeURIComponent(code)}`,
  },
]

export function carrierTrackingUrl(carrier: string, code: string): string | null {
  return TRACKING_PAGES.find((page) => page.match.test(carrier))?.url(code) ?? null
}

/** "Ana Souza" → "A** S****": enough for the owner to recognise, nothing for a stranger (LGPD). */
export function maskName(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => `${word.charAt(0)}${"*".repeat(Math.max(2, word.length - 1))}`)
    .join(" ")
}

/** "ana.souza@example.com" → "a***@e***.com". */
export function maskEmail(email: string): string {
  const [local = "", domain = ""] = email.split("@")
  const dot = domain.lastIndexOf(".")
  const host = dot > 0 ? domain.slice(0, dot) : domain
  const tld = dot > 0 ? domain.slice(dot) : ""
  return `${local.charAt(0)}***@${host.charAt(0)}***${tld}`
}
