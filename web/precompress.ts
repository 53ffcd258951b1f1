import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { brotliCompressSync, constants, gzipSync } from "node:zlib"
import type { Plugin } from "vite"

const COMPRESSIBLE = /\.(js|css|svg|json|webmanifest|txt|html)$/

function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) yield* files(path)
    else yield path
  }
}

/** Writes .br and .gz beside every text asset once, at build time, so serving them costs no CPU. */
export function precompress(): Plugin {
  let outDir = ""
  return {
    name: "store:precompress",
    apply: "build",
    configResolved(config) {
      outDir = config.build.outDir
    },
    closeBundle() {
      for (const file of files(outDir)) {
        if (!COMPRESSIBLE.test(file) || statSync(file).size < 512) continue
        const body = readFileSync(file)
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        )
        writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }))
      }
    },
  }
}
