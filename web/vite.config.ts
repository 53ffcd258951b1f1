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

/**
 * Routes only a signed-in person opens (staff pages, a collector's missions, achievements and trades): their
 * chunks go to assets/a/ and bring their own imports, so no visitor's entry carries their preload lists.
 */
const SIGNED_IN_ROUTES = /[\\/]web[\\/]routes[\\/](admin[\\/]|trocas[\\/]|missions\.tsx|achievements\.tsx)/

/** An admin route's own chunk: chunkFileNames puts them in assets/a/. */
const ADMIN_CHUNK = /(^|\/)assets\/a\//

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
      // An admin page's chunk brings its own imports when it runs (one round trip more, on a staff-only page)
      // instead of listing them in every storefront visitor's entry chunk.
      resolveDependencies: (chunk, deps) => (ADMIN_CHUNK.test(chunk) ? [] : deps),
    },
    rolldownOptions: {
      input: here("./entry-client.tsx"),
      output: {
        codeSplitting: { groups: [shell.group] },
        // Hash-only names: every import between chunks, Vite's preload lists in the shell and the page's preload
        // links name files, and "payment-success-" in each of them was bytes of every page's JavaScript.
        entryFileNames: "assets/[hash].js",
        chunkFileNames: (chunk) =>
          chunk.facadeModuleId && SIGNED_IN_ROUTES.test(chunk.facadeModuleId)
            ? "assets/a/[hash].js"
            : "assets/[hash].js",
      },
    },
  },
})
