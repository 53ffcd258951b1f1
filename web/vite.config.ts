import { fileURLToPath } from "node:url"
import tailwindcss from "@tailwindcss/vite"
import { tanstackRouter } from "@tanstack/router-plugin/vite"
import react from "@vitejs/plugin-react"
import { defineConfig } from "vite"
import { compileHints } from "./compileHints"
import { lightIcons } from "./icons/lightIcons"
import { precompress } from "./precompress"
import { shellChunk } from "./shellChunk"

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url))

export const routerPlugin = () =>
  tanstackRouter({
    target: "react",
    autoCodeSplitting: true,
    routesDirectory: here("./routes"),
    generatedRouteTree: here("./routeTree.gen.ts"),
    quoteStyle: "double",
    semicolons: false,
  })

const shell = shellChunk({
  entry: here("./entry-client.tsx"),
  shell: here("./browserRouter.tsx"),
  barrel: { specifier: "lucide-react", id: /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]lucide-react\.mjs$/ },
})

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
    rolldownOptions: {
      input: here("./entry-client.tsx"),
      output: { codeSplitting: { groups: [shell.group] } },
    },
  },
})
