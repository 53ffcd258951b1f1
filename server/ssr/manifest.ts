import type { ServerManifest } from "@tanstack/router-core"

interface ViteChunk {
  file: string
  src?: string
  isEntry?: boolean
  isDynamicEntry?: boolean
  imports?: string[]
  css?: string[]
}
export type ViteManifest = Record<string, ViteChunk>

const ENTRY = "entry-client.tsx"

/**
 * Starts the app (hydration) only after the browser has painted the server HTML once. The modules are
 * already downloading through modulepreload, so interactivity is not delayed, but the largest paint no
 * longer waits behind script evaluation on slow phones.
 */
export const startAfterFirstPaint = (src: string) =>
  `requestAnimationFrame(()=>setTimeout(()=>import(${JSON.stringify(src)})))`

/** "routes/colecoes/$collectionId/index.tsx?tsr-split=component" → "/colecoes/$collectionId/". */
export function routeIdOf(key: string): string | null {
  const m = /^routes\/(.+)\.tsx(\?.*)?$/.exec(key)
  if (!m?.[1]) return null
  if (m[1] === "__root") return "__root__"
  const path = `/${m[1]}`.replace(/\/index$/, "/")
  return path
}

function collect(manifest: ViteManifest, key: string, seen: Set<string>, files: string[], css: string[]) {
  if (seen.has(key)) return
  seen.add(key)
  const chunk = manifest[key]
  if (!chunk) return
  files.push(`/${chunk.file}`)
  for (const c of chunk.css ?? []) css.push(`/${c}`)
  for (const i of chunk.imports ?? []) collect(manifest, i, seen, files, css)
}

/**
 * Builds the router's asset manifest from Vite's: the entry script and CSS on the root route, and for each
 * code-split route its chunks as modulepreload links, so a server-rendered page fetches them in parallel.
 */
export function serverManifestFromVite(
  manifest: ViteManifest,
  readCss?: (href: string) => string,
): ServerManifest {
  const entry = manifest[ENTRY]
  if (!entry) throw new Error(`Vite manifest has no ${ENTRY}`)
  const rootFiles: string[] = []
  const rootCss: string[] = []
  collect(manifest, ENTRY, new Set(), rootFiles, rootCss)
  const routes: ServerManifest["routes"] = {
    __root__: {
      preloads: rootFiles.slice(1),
      css: rootCss,
      scripts: [{ attrs: { type: "module" }, children: startAfterFirstPaint(`/${entry.file}`) }],
    },
  }
  const rootSet = new Set(rootFiles)
  for (const [key, chunk] of Object.entries(manifest)) {
    const id = routeIdOf(chunk.src ?? key)
    if (!id || id === "__root__" || !chunk.isDynamicEntry) continue
    const files: string[] = []
    const css: string[] = []
    collect(manifest, key, new Set(), files, css)
    const route = routes[id] ?? { preloads: [], css: [] }
    route.preloads = [...new Set([...(route.preloads ?? []), ...files.filter((f) => !rootSet.has(f))])]
    route.css = [...new Set([...(route.css ?? []), ...css.filter((f) => !rootCss.includes(f))])]
    routes[id] = route
  }
  // The app's one stylesheet is small once compressed: inlining it saves a render-blocking round trip.
  const inlineCss = readCss
    ? { styles: Object.fromEntries(rootCss.map((href) => [href, readCss(href)])) }
    : undefined
  return inlineCss ? { routes, inlineCss } : { routes }
}

/** In development Vite serves the modules itself; the preamble lets React Fast Refresh attach. */
export function devManifest(preamble: string): ServerManifest {
  return {
    routes: {
      __root__: {
        scripts: [
          { attrs: { type: "module" }, children: preamble },
          { attrs: { type: "module", src: "/@vite/client" } },
          { attrs: { type: "module", src: `/${ENTRY}` } },
        ],
      },
    },
  }
}
