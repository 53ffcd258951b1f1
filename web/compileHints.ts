import type { Plugin } from "vite"

/**
 * Marks every JavaScript chunk with V8's explicit compile hint (`//# allFunctionsCalledOnLoad`, Chrome 136+), so
 * the browser compiles all of its functions while the file streams in, off the main thread. Without it V8
 * compiles each function the first time it runs, on the main thread: hydration (React DOM, the router, the
 * query cache, the page's components) spent much of its long tasks compiling. Chunks load when a page needs
 * them, so nearly every function they hold runs; browsers without the hint read it as a comment. Chunks
 * smaller than MIN_HINTED_LENGTH (an icon's path data, a small component) go without: there is next to nothing
 * to compile, and on a catalogue page their hints were some 300 bytes of its initial JavaScript.
 */
const MIN_HINTED_LENGTH = 2048

export function compileHints(): Plugin {
  return {
    name: "store:compile-hints",
    apply: "build",
    enforce: "post",
    // Last, after Vite's preload helper has put its dependency list at the top: the hint must come first.
    generateBundle: {
      order: "post",
      handler(_options, bundle) {
        for (const chunk of Object.values(bundle))
          if (chunk.type === "chunk" && chunk.code.length >= MIN_HINTED_LENGTH)
            chunk.code = `//# allFunctionsCalledOnLoad\n${chunk.code}`
      },
    },
  }
}
