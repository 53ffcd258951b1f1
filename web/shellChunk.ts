import { readFileSync } from "node:fs"
import { dirname, resolve } from "node:path"
import type { Plugin } from "vite"

/** `export { default as A, default as AIcon } from './icons/a.mjs'` lines of an icon library's barrel. */
function barrelExports(barrelId: string): Map<string, string> {
  const byName = new Map<string, string>()
  const code = readFileSync(barrelId, "utf8")
  for (const [, names = "", from = ""] of code.matchAll(/export\s*\{([^}]*)\}\s*from\s*["']([^"']+)["']/g)) {
    const target = resolve(dirname(barrelId), from)
    for (const name of names.split(",")) {
      const exported = name
        .trim()
        .split(/\s+as\s+/)
        .at(-1)
      if (exported) byName.set(exported, target)
    }
  }
  return byName
}

/** Names a module imports from `specifier`: `import { A, B as C } from "specifier"`. */
function namedImports(code: string, specifier: string): string[] {
  const names: string[] = []
  const pattern = new RegExp(`import\\s*\\{([^}]*)\\}\\s*from\\s*["']${specifier}["']`, "g")
  for (const [, list = ""] of code.matchAll(pattern))
    for (const name of list.split(",")) {
      const imported = name
        .trim()
        .replace(/^type\s+/, "")
        .split(/\s+as\s+/)[0]
      if (imported) names.push(imported)
    }
  return names
}

/**
 * One chunk for the app shell: every module the browser's router module (web/browserRouter.tsx) needs
 * statically (router, query cache, header, footer and the helpers they share), except what the entry itself
 * holds. Left to automatic splitting, the modules the shell shares with route chunks became some twenty chunks
 * of a few hundred bytes each, every page loading all of them, each with its own import boilerplate and
 * compression overhead. Route code stays split per route.
 *
 * The modules that the component of every one of `pages` imports (the catalogue's card parts: image, badges,
 * add-to-cart button) join the shell too: each was a chunk of its own that all those pages loaded.
 *
 * An icon barrel (`barrel`, imported as `barrelSpecifier`) re-exports every icon; following all its imports
 * would put icons of every route in the shell, so only the icons shell modules import by name are taken.
 */
export function shellChunk(options: {
  entry: string
  shell: string
  pages: readonly string[]
  barrel: { specifier: string; id: RegExp }
}) {
  const shell = new Set<string>()
  const plugin: Plugin = {
    name: "store:shell-chunk",
    apply: "build",
    buildEnd() {
      const closure = (roots: readonly string[]) => {
        const seen = new Set<string>()
        const stack = [...roots]
        while (stack.length > 0) {
          const id = stack.pop() as string
          if (seen.has(id)) continue
          seen.add(id)
          if (options.barrel.id.test(id)) continue
          for (const next of this.getModuleInfo(id)?.importedIds ?? []) stack.push(next)
        }
        return seen
      }
      const ids = [...this.getModuleIds()]
      const barrelId = ids.find((id) => options.barrel.id.test(id))
      const icons = barrelId ? barrelExports(barrelId) : new Map<string, string>()
      /** The modules `roots` need, with the icons they import by name from the barrel. */
      const needs = (roots: readonly string[]) => {
        const modules = closure(roots)
        const used = [...modules].flatMap((id) =>
          namedImports(this.getModuleInfo(id)?.code ?? "", options.barrel.specifier).flatMap(
            (name) => icons.get(name) ?? [],
          ),
        )
        return closure([...modules, ...used])
      }
      const pageNeeds = options.pages.map((file) => {
        const component = ids.find((id) => id.startsWith(`${file}?`) && id.includes("tsr-split=component"))
        if (!component) throw new Error(`no component chunk for ${file}`)
        const modules = needs([component])
        modules.delete(component)
        return modules
      })
      const [first = new Set<string>(), ...others] = pageNeeds
      const common = [...first].filter((id) => others.every((modules) => modules.has(id)))
      const entry = closure([options.entry])
      shell.clear()
      for (const id of [...needs([options.shell]), ...common])
        if (!entry.has(id) && !options.barrel.id.test(id)) shell.add(id)
    },
  }
  return {
    plugin,
    /** The `codeSplitting` group that gathers the shell. */
    group: {
      name: "shell",
      test: (id: string) => shell.has(id),
      priority: 10,
      // React and Vite's preload helper belong to the entry, which must not load the shell before its first step.
      includeDependenciesRecursively: false,
    },
  }
}
