import type { ThemeKey } from "../../domain/pricing/collectionPrice"

/**
 * The collection's theme icon; the server already resolved the theme's key (CollectionSummary.themeKey). The
 * drawings are static files (web/public/icons, lucide's) painted through a CSS mask in the text's accent colour:
 * seven icon components in the collection page's JavaScript cost more than the route's budget allowed.
 */
export function ThemeIcon({ theme }: { theme: ThemeKey | null }) {
  const mask = `url(/icons/theme-${theme ?? "anime"}.svg) center / contain no-repeat`
  return (
    <span
      aria-hidden
      className="inline-block h-5 w-5 bg-current text-accent"
      style={{ mask, WebkitMask: mask }}
    />
  )
}
