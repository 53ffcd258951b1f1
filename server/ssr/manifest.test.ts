import { describe, expect, it } from "vitest"
import { entryCss, routeIdOf, serverManifestFromVite } from "./manifest"

const vite = {
  "entry-client.tsx": {
    file: "assets/entry.js",
    isEntry: true,
    imports: ["_shared.js"],
    css: ["assets/app.css"],
  },
  "_shared.js": { file: "assets/shared.js" },
  "routes/colecoes/index.tsx?tsr-split=component": {
    file: "assets/colecoes.js",
    src: "routes/colecoes/index.tsx?tsr-split=component",
    isDynamicEntry: true,
    imports: ["_shared.js", "_card.js"],
  },
  "routes/colecoes/index.tsx?tsr-split=pendingComponent": {
    file: "assets/colecoes-pending.js",
    src: "routes/colecoes/index.tsx?tsr-split=pendingComponent",
    isDynamicEntry: true,
  },
  "routes/colecoes/index.tsx?tsr-split=notFoundComponent": {
    file: "assets/colecoes-404.js",
    src: "routes/colecoes/index.tsx?tsr-split=notFoundComponent",
    isDynamicEntry: true,
  },
  "_card.js": { file: "assets/card.js" },
}

describe("server manifest", () => {
  it.each([
    ["routes/__root.tsx", "__root__"],
    ["routes/index.tsx?tsr-split=component", "/"],
    ["routes/colecoes/index.tsx", "/colecoes/"],
    [
      "routes/colecoes/$collectionId/personagens.tsx?tsr-split=component",
      "/colecoes/$collectionId/personagens",
    ],
    ["entry-client.tsx", null],
  ])("names the route of %s", (key, id) => expect(routeIdOf(key)).toBe(id))

  it("starts the entry after first paint, preloading its imports then", () => {
    const m = serverManifestFromVite(vite, { cssInlined: true })
    const root = m.routes.__root__
    expect(root?.scripts?.[0]?.children).toBe(
      'requestAnimationFrame(()=>setTimeout(()=>{for(const h of ["/assets/shared.js"]){const l=document.createElement("link");l.rel="modulepreload";l.href=h;document.head.append(l)}import("/assets/entry.js")}))',
    )
    expect(root?.css).toEqual([])
    expect(entryCss(vite)).toEqual(["/assets/app.css"])
    expect(serverManifestFromVite(vite).routes.__root__?.css).toEqual(["/assets/app.css"])
  })

  it("inlines the one stylesheet of a build that does not split CSS", () => {
    const oneSheet = {
      ...vite,
      "entry-client.tsx": { file: "assets/entry.js", isEntry: true },
      "style.css": { file: "assets/style.css", src: "style.css" },
    }
    expect(entryCss(oneSheet)).toEqual(["/assets/style.css"])
  })

  it("preloads the chunks the entry imports itself to hydrate in steps, not what those load on demand", () => {
    const staged = {
      ...vite,
      "entry-client.tsx": { ...vite["entry-client.tsx"], dynamicImports: ["browserRouter.ts"] },
      "browserRouter.ts": {
        file: "assets/app.js",
        src: "browserRouter.ts",
        isDynamicEntry: true,
        imports: ["_shared.js", "_router.js"],
        dynamicImports: ["lib/trpcTransport.ts", "routes/colecoes/index.tsx?tsr-split=component"],
      },
      "_router.js": { file: "assets/router.js" },
      "lib/trpcTransport.ts": { file: "assets/transport.js", isDynamicEntry: true },
    }
    const m = serverManifestFromVite(staged, { cssInlined: true })
    const root = m.routes.__root__?.scripts?.[0]?.children ?? ""
    expect(root).toContain('["/assets/shared.js","/assets/app.js","/assets/router.js"]')
    expect(root).not.toContain("transport.js")
    expect(m.routes["/colecoes/"]?.scripts?.[0]?.children).not.toContain("router.js")
  })

  it("gives each route every chunk of its split parts, minus what the entry already loads", () => {
    const script = serverManifestFromVite(vite).routes["/colecoes/"]?.scripts?.[0]?.children ?? ""
    expect(script).toContain('["/assets/colecoes.js","/assets/card.js","/assets/colecoes-pending.js"]')
    expect(script).not.toContain("shared.js")
    expect(script).not.toContain("colecoes-404.js")
  })
})
