import { Monitor, Moon, Sun } from "lucide-react"
import { useEffect, useState } from "react"
import {
  applyTheme,
  readThemePreference,
  THEME_LABELS,
  THEME_ORDER,
  type ThemePreference,
} from "../lib/theme"

const ICONS = { light: Sun, dark: Moon, system: Monitor }

/** Cycles light → dark → system; "system" follows the device and its changes. */
export function ThemeSwitcher() {
  const [preference, setPreference] = useState<ThemePreference>("system")

  useEffect(() => setPreference(readThemePreference()), [])

  useEffect(() => {
    if (preference !== "system") return
    const media = window.matchMedia("(prefers-color-scheme: dark)")
    const follow = () => applyTheme("system")
    media.addEventListener("change", follow)
    return () => media.removeEventListener("change", follow)
  }, [preference])

  const next = THEME_ORDER[(THEME_ORDER.indexOf(preference) + 1) % THEME_ORDER.length] ?? "light"
  const Icon = ICONS[preference]
  return (
    <button
      type="button"
      className="inline-flex h-11 w-11 items-center justify-center rounded-full hover:surface-2"
      aria-label={`Tema: ${THEME_LABELS[preference]}. Mudar para ${THEME_LABELS[next]}`}
      title={`Tema: ${THEME_LABELS[preference]}`}
      data-testid="theme-switcher"
      data-theme-preference={preference}
      onClick={() => {
        applyTheme(next)
        setPreference(next)
      }}
    >
      <Icon aria-hidden className="h-5 w-5" />
    </button>
  )
}
