import { readFileSync } from "node:fs"
import { createRequire } from "node:module"
import { ShoppingBag, TriangleAlert } from "lucide-react"
import { renderToStaticMarkup } from "react-dom/server"
import { describe, expect, it } from "vitest"
import createIcon, { type IconData } from "./createIcon"
import { lightIcons } from "./lightIcons"

const iconFile = (name: string) =>
  createRequire(import.meta.url).resolve(`lucide-react/dist/esm/icons/${name}.mjs`)

/** lucide's own markup less its `lucide-*` class names, which createIcon leaves out. */
const withoutLucideClasses = (html: string) =>
  html.replace(/ lucide-[a-z-]+/g, "").replace('class="lucide ', 'class="')

const hook = (name: "resolveId" | "transform") => {
  const h = lightIcons()[name]
  return (typeof h === "function" ? h : h?.handler) as (...args: unknown[]) => unknown
}

describe("icons on our runtime", () => {
  it.each([
    ["shopping-bag", ShoppingBag],
    ["triangle-exclamation-point", TriangleAlert],
  ])("draws %s as lucide-react does, hidden from assistive technology when asked", async (name, Lucide) => {
    const { __iconData } = (await import(iconFile(name))) as { __iconData: IconData }
    const Icon = createIcon(__iconData)
    const ours = renderToStaticMarkup(<Icon aria-hidden className="h-5 w-5" />)
    expect(ours).toBe(withoutLucideClasses(renderToStaticMarkup(<Lucide aria-hidden className="h-5 w-5" />)))
    expect(ours).toContain('aria-hidden="true"')
  })

  it("builds lucide's icon modules on createIcon, without React keys or alias names", () => {
    const file = iconFile("triangle-exclamation-point")
    expect(hook("resolveId")("../createLucideIcon.mjs", file)).toMatch(/[\\/]icons[\\/]createIcon\.ts$/)
    expect(hook("resolveId")("../createLucideIcon.mjs", "/app/web/x.ts")).toBeNull()
    const { code } = hook("transform")(readFileSync(file, "utf8"), file) as { code: string }
    expect(code).not.toMatch(/\bkey:|aliases/)
    expect(code).toContain('d: "M12 9v4"')
    expect(hook("transform")("const key = 1", "/app/web/x.ts")).toBeNull()
  })
})
