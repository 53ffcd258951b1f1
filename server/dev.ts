import { fileURLToPath } from "node:url"
import { createServer as createVite } from "vite"
import type { RenderOptions } from "../web/entry-server"
import { boot, serve } from "./boot"
import { devManifest } from "./ssr/manifest"

// Development: Vite in middleware mode serves modules with hot reload; pages render through ssrLoadModule.
const vite = await createVite({
  configFile: fileURLToPath(new URL("../web/vite.config.ts", import.meta.url)),
  server: { middlewareMode: true },
  appType: "custom",
})

async function preamble() {
  const html = await vite.transformIndexHtml("/", "<html><head></head><body></body></html>")
  return /<script type="module">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? ""
}

const booted = await boot()
await serve(
  booted,
  {
    render: async (request: Request, options: RenderOptions) => {
      const mod = (await vite.ssrLoadModule("/entry-server.tsx")) as typeof import("../web/entry-server")
      return mod.render(request, options)
    },
    manifest: async () => devManifest(await preamble()),
  },
  (hono) => (req, res) => vite.middlewares(req, res, () => hono?.(req, res)),
)
