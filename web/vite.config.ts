import { fileURLToPath } from "node:url"
import tailwindcss from "@tailwindcss/vite"
import { tanstackRouter } from "@tanstack/router-plugin/vite"
import react from "@vitejs/plugin-react"
import { defineConfig } from "vite"
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
  plugins: [routerPlugin(), react(), tailwindcss(), precompress(), shell.plugin],
  build: {
    outDir: here("../dist/client"),
    emptyOutDir: true,
    manifest: true,
    target: "es2022",
    cssCodeSplit: true,
    rolldownOptions: {
      input: here("./entry-client.tsx"),
      output: { codeSplitting: { groups: [shell.group] } },
    },
  },
})
