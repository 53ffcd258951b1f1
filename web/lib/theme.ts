export type ThemePreference = "light" | "dark" | "system"
export const THEME_STORAGE_KEY = "theme"
export const THEME_ORDER: readonly ThemePreference[] = ["light", "dark", "system"]
export const THEME_LABELS: Record<ThemePreference, string> = {
  light: "Claro",
  dark: "Escuro",
  system: "Sistema",
}

/** Inline in <head>: applies the stored (or system) theme before the first paint. */
export const THEME_BOOT_SCRIPT = `(function(){try{var p=localStorage.getItem("${THEME_STORAGE_KEY}");if(p!=="light"&&p!=="dark")p="system";var d=p==="dark"||(p==="system"&&matchMedia("(prefers-color-scheme: dark)").matches);document.documentElement.classList.toggle("dark",d);document.documentElement.dataset.theme=p}catch(e){}})()`

export function readThemePreference(): ThemePreference {
  try {
    const stored = localStorage.getItem(THEME_STORAGE_KEY)
    return stored === "light" || stored === "dark" ? stored : "system"
  } catch {
    return "system"
  }
}

export function applyTheme(preference: ThemePreference) {
  const dark =
    preference === "dark" ||
    (preference === "system" && window.matchMedia("(prefers-color-scheme: dark)").matches)
  document.documentElement.classList.toggle("dark", dark)
  document.documentElement.dataset.theme = preference
  try {
    localStorage.setItem(THEME_STORAGE_KEY, preference)
  } catch {
    // Private mode without storage: the choice lasts for this page only.
  }
}
