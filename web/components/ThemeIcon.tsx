import { Atom, Castle, Ghost, Shield, Sparkles, Swords, Zap } from "lucide-react"
import type { ThemeKey } from "../../domain/pricing"

const ICONS = {
  anime: Sparkles,
  heroes: Shield,
  horror: Ghost,
  scifi: Atom,
  fantasy: Castle,
  dc: Zap,
  marvel: Swords,
}

/** The collection's theme icon; the server already resolved the theme's key (CollectionSummary.themeKey). */
export function ThemeIcon({ theme }: { theme: ThemeKey | null }) {
  const Icon = theme ? ICONS[theme] : Sparkles
  return <Icon aria-hidden className="h-5 w-5 text-accent" />
}
