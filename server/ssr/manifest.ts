import type { ServerManifest } from "@tanstack/router-core"

interface ViteChunk {
  file: string
  src?: string
  isEntry?: boolean
  isDynamicEntry?: boolean
  imports?: string[]
  dynamicImports?: string[]
  css?: string[]
}
export type ViteManifest = Record<string, ViteChunk>

const ENTRY = "entry-client.tsx"
/** The app's one stylesheet when the build does not split CSS per chunk (web/vite.config.ts). */
const ONE_STYLESHEET = "style.css"
const OUTCOME_PART = /\?tsr-split=(notFoundComponent|errorComponent)$/

/**
 * An inline script that waits until the browser has painted the server HTML once, then fetches `files`
 * (modulepreload) and, for the root route, imports the client entry to hydrate. Module downloads no longer
 * compete with the page's images for the first paint on slow phones, and hydration, the page's one long
 * task, starts after the content is visible. Links and forms work as plain HTML until then.
 */
export function afterFirstPaint(files: readonly string[], entry?: string): string {
  const preload = files.length
    ? `for(const h of ${JSON.stringify(files)}){const l=document.createElement("link");l.rel="modulepreload";l.href=h;document.head.append(l)}`
    : ""
  const start = entry ? `import(${JSON.stringify(entry)})` : ""
  return `requestAnimationFrame(()=>setTimeout(()=>{${preload}${start}}))`
}

/** The entry's stylesheets, which the server inlines in every page (see web/routes/__root.tsx). */
export function entryCss(manifest: ViteManifest): string[] {
  return collectEntry(manifest).css
}

/**
 * The entry's chunks: its static imports, and the chunks it imports itself, dynamically, to hydrate in steps
 * (web/entry-client.tsx), with their static imports. What those chunks import dynamically in turn (route
 * code, the tRPC transport) is loaded when needed, not here.
 */
function collectEntry(manifest: ViteManifest): { files: string[]; css: string[] } {
  const files: string[] = []
  const css: string[] = []
  const seen = new Set<string>()
  collect(manifest, ENTRY, seen, files, css)
  for (const step of manifest[ENTRY]?.dynamicImports ?? []) collect(manifest, step, seen, files, css)
  const stylesheet = manifest[ONE_STYLESHEET]?.file
  if (stylesheet) css.push(`/${stylesheet}`)
  return { files, css }
}

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
  options: { cssInlined?: boolean } = {},
): ServerManifest {
  const entry = manifest[ENTRY]
  if (!entry) throw new Error(`Vite manifest has no ${ENTRY}`)
  const { files: rootFiles, css: rootCss } = collectEntry(manifest)
  const routes: ServerManifest["routes"] = {
    __root__: {
      css: options.cssInlined ? [] : rootCss,
      scripts: [
        { attrs: { type: "module" }, children: afterFirstPaint(rootFiles.slice(1), `/${entry.file}`) },
      ],
    },
  }
  const rootSet = new Set(rootFiles)
  const perRoute = new Map<string, { files: Set<string>; css: Set<string> }>()
  for (const [key, chunk] of Object.entries(manifest)) {
    const id = routeIdOf(chunk.src ?? key)
    if (!id || id === "__root__" || !chunk.isDynamicEntry) continue
    // Hydrating a page waits for its route's component and pending component only; the not-found and error
    // components load when a page needs them.
    if (OUTCOME_PART.test(chunk.src ?? key)) continue
    const files: string[] = []
    const css: string[] = []
    collect(manifest, key, new Set(), files, css)
    const acc = perRoute.get(id) ?? { files: new Set(), css: new Set() }
    for (const f of files) if (!rootSet.has(f)) acc.files.add(f)
    for (const c of css) if (!rootCss.includes(c)) acc.css.add(c)
    perRoute.set(id, acc)
  }
  for (const [id, { files, css }] of perRoute) {
    routes[id] = {
      ...(css.size ? { css: [...css] } : {}),
      ...(files.size
        ? { scripts: [{ attrs: { type: "module" }, children: afterFirstPaint([...files]) }] }
        : {}),
    }
  }
  return { routes }
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
