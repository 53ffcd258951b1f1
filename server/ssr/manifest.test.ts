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

  it("gives each route every chunk of its split parts, minus what the entry already loads", () => {
    const script = serverManifestFromVite(vite).routes["/colecoes/"]?.scripts?.[0]?.children ?? ""
    expect(script).toContain('["/assets/colecoes.js","/assets/card.js","/assets/colecoes-pending.js"]')
    expect(script).not.toContain("shared.js")
  })
})
