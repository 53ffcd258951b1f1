import { readFileSync } from "node:fs"
import { fileURLToPath } from "node:url"
import { render } from "../web/entry-server"
import { boot, serve } from "./boot"
import { staticAssets } from "./http/staticAssets"
import { entryCss, serverManifestFromVite, type ViteManifest } from "./ssr/manifest"

// The production entry, bundled to dist/server/main.js; the client build sits beside it in dist/client.
const clientDir = fileURLToPath(new URL("../client", import.meta.url))
const viteManifest = JSON.parse(readFileSync(`${clientDir}/.vite/manifest.json`, "utf8")) as ViteManifest
// The one stylesheet is small once compressed: inlining it saves a render-blocking round trip.
const inlineCss = entryCss(viteManifest)
  .map((href) => readFileSync(`${clientDir}${href}`, "utf8"))
  .join("\n")
const manifest = serverManifestFromVite(viteManifest, { cssInlined: true })

const booted = await boot()
await serve(booted, { render, manifest: () => manifest, inlineCss, staticFiles: staticAssets(clientDir) })
