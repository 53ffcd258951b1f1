import { readFileSync } from "node:fs"
import { fileURLToPath } from "node:url"
import { render } from "../web/entry-server"
import { boot, serve } from "./boot"
import { staticAssets } from "./http/staticAssets"
import { serverManifestFromVite, type ViteManifest } from "./ssr/manifest"

// The production entry, bundled to dist/server/main.js; the client build sits beside it in dist/client.
const clientDir = fileURLToPath(new URL("../client", import.meta.url))
const viteManifest = JSON.parse(readFileSync(`${clientDir}/.vite/manifest.json`, "utf8")) as ViteManifest
const manifest = serverManifestFromVite(viteManifest, (href) => readFileSync(`${clientDir}${href}`, "utf8"))

const booted = await boot()
await serve(booted, { render, manifest: () => manifest, staticFiles: staticAssets(clientDir) })
