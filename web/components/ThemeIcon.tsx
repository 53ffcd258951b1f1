import { Atom, Castle, Ghost, Shield, Sparkles, Swords, Zap } from "lucide-react"
import { normalizeTheme } from "../../domain/pricing"

const ICONS = {
  anime: Sparkles,
  heroes: Shield,
  horror: Ghost,
  scifi: Atom,
  fantasy: Castle,
  dc: Zap,
  marvel: Swords,
}

export function ThemeIcon({ theme }: { theme: string }) {
  const key = normalizeTheme(theme)
  const Icon = key ? ICONS[key] : Sparkles
  return <Icon aria-hidden className="h-5 w-5 text-accent" />
}
