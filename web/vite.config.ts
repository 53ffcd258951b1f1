import { fileURLToPath } from "node:url"
import tailwindcss from "@tailwindcss/vite"
import type { CodeSplittingOptions } from "@tanstack/router-plugin"
import { tanstackRouter } from "@tanstack/router-plugin/vite"
import react from "@vitejs/plugin-react"
import { defineConfig } from "vite"
import { compileHints } from "./compileHints"
import { lightIcons } from "./icons/lightIcons"
import { precompress } from "./precompress"
import { shellChunk } from "./shellChunk"

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url))

/** The catalogue: pages a visitor browses from one to the next (route id → file in web/routes). */
const CATALOGUE: Record<string, string> = {
  "/": "index.tsx",
  "/colecoes/": "colecoes/index.tsx",
  "/colecoes/$collectionId/": "colecoes/$collectionId/index.tsx",
  "/colecoes/$collectionId/personagens": "colecoes/$collectionId/personagens.tsx",
  "/character/$characterId": "character/$characterId.tsx",
}
/**
 * Every other route's loader comes with its component, in its own chunk, not in every page's shell: the
 * first visit to such a page fetches the chunk before its data, one round trip more (none when the link was
 * hovered or touched first: the router preloads on intent).
 */
const LOADER_WITH_COMPONENT: ReturnType<NonNullable<CodeSplittingOptions["splitBehavior"]>> = [
  ["loader", "component"],
  ["errorComponent"],
  ["notFoundComponent"],
]

export const routerPlugin = () =>
  tanstackRouter({
    target: "react",
    autoCodeSplitting: true,
    codeSplittingOptions: {
      // The catalogue's loaders start at once when a link is followed.
      splitBehavior: ({ routeId }) => (routeId in CATALOGUE ? undefined : LOADER_WITH_COMPONENT),
    },
    routesDirectory: here("./routes"),
    generatedRouteTree: here("./routeTree.gen.ts"),
    quoteStyle: "double",
    semicolons: false,
  })

const shell = shellChunk({
  entry: here("./entry-client.tsx"),
  shell: here("./browserRouter.tsx"),
  pages: Object.values(CATALOGUE).map((file) => here(`./routes/${file}`)),
  barrel: { specifier: "lucide-react", id: /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]lucide-react\.mjs$/ },
})

const CATALOGUE_FILES = Object.values(CATALOGUE).map((file) => here(`./routes/${file}`))
/** A split chunk (loader and component) of a route outside the catalogue. */
const isOtherPage = (id: string) =>
  id.includes("?tsr-split=") &&
  /[\\/]web[\\/]routes[\\/]/.test(id) &&
  !CATALOGUE_FILES.some((file) => id.startsWith(`${file}?`))
/** Where chunkFileNames puts those pages' chunks. */
const PAGE_CHUNK = /(^|\/)assets\/p\//

/** Client build: hashed, code-split assets plus a manifest the server reads to link them. */
export default defineConfig({
  root: here("."),
  publicDir: here("./public"),
  plugins: [
    routerPlugin(),
    lightIcons(),
    react(),
    tailwindcss(),
    compileHints(),
    precompress(),
    shell.plugin,
  ],
  resolve: {
    // The shim's fallback is for React < 18; React 19 has useSyncExternalStore (TanStack Store imports the shim).
    alias: [
      {
        find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/,
        replacement: "use-sync-external-store/with-selector",
      },
    ],
  },
  // Bundled for the server renderer too (development), so it renders the icons the browser hydrates.
  ssr: { noExternal: ["lucide-react"] },
  build: {
    outDir: here("../dist/client"),
    emptyOutDir: true,
    manifest: true,
    target: "es2022",
    // One stylesheet for the whole app, which the server inlines in every page (server/main.ts). Split per
    // chunk, it belonged to the entry, and Vite made every lazy chunk that imports the entry link it again on
    // load: the browser parsed it anew and restyled the whole page in one long task after hydration.
    cssCodeSplit: false,
    modulePreload: {
      // A page outside the catalogue brings its own imports when its chunk runs (the router fetches it on intent,
      // hovering or touching a link) instead of listing them in the entry chunk every visitor downloads. The
      // server still links all of a page's chunks when it renders that page.
      resolveDependencies: (chunk, deps) => (PAGE_CHUNK.test(chunk) ? [] : deps),
    },
    rolldownOptions: {
      input: here("./entry-client.tsx"),
      output: {
        codeSplitting: { groups: [shell.group] },
        // Hash-only names: every import between chunks, Vite's preload lists in the shell and the page's preload
        // links name files, and "payment-success-" in each of them was bytes of every page's JavaScript.
        entryFileNames: "assets/[hash].js",
        chunkFileNames: (chunk) =>
          chunk.facadeModuleId && isOtherPage(chunk.facadeModuleId)
            ? "assets/p/[hash].js"
            : "assets/[hash].js",
      },
    },
  },
})
