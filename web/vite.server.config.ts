import { fileURLToPath } from "node:url"
import react from "@vitejs/plugin-react"
import { defineConfig } from "vite"
import { lightIcons } from "./icons/lightIcons"
import { routerPlugin } from "./vite.config"

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url))

/** Server build: the Hono server with the SSR renderer, as one ESM module; node_modules stay external. */
export default defineConfig({
  root: here(".."),
  plugins: [routerPlugin(), lightIcons(), react()],
  // lucide-react is bundled, not left to Node, so its icons are built on the same runtime as in the browser.
  ssr: { noExternal: ["lucide-react"] },
  build: {
    ssr: here("../server/main.ts"),
    outDir: here("../dist/server"),
    emptyOutDir: true,
    target: "node20",
    sourcemap: true,
    rolldownOptions: { output: { entryFileNames: "main.js" } },
  },
})
