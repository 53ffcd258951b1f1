import { fileURLToPath } from "node:url"
import type { Plugin } from "vite"

const ICON_MODULE = /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/][^\\/]+\.mjs$/
const RUNTIME = fileURLToPath(new URL("./createIcon.ts", import.meta.url))

/**
 * Builds lucide-react's icons on web/icons/createIcon.ts instead of lucide's own runtime, and drops from each
 * icon module what that runtime does not read (React keys of the SVG's children, alias names): random key
 * strings do not compress. Applied to the client and the server build alike, so both render the same SVG.
 */
export function lightIcons(): Plugin {
  return {
    name: "store:light-icons",
    enforce: "pre",
    resolveId(source, importer) {
      if (source === "../createLucideIcon.mjs" && importer && ICON_MODULE.test(importer)) return RUNTIME
      return null
    },
    transform(code, id) {
      if (!ICON_MODULE.test(id)) return null
      return {
        code: code.replace(/,\s*key:\s*"[^"]*"/g, "").replace(/,\s*aliases:\s*\[[^\]]*\]/g, ""),
        map: null,
      }
    },
  }
}
