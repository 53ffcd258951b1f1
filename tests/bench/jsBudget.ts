import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { startServer } from "../support/server"
import { initialJsGzip } from "./bundles"

// `npx tsx tests/bench/jsBudget.ts`: the initial JavaScript (gzip) of the storefront's main routes, against the
// 120 KB budget, without the Lighthouse runs of `npm run bench`. Not a test: it asserts nothing.
const clientDir = fileURLToPath(new URL("../../dist/client", import.meta.url))
const server = await startServer({ DATA_DIR: mkdtempSync(join(tmpdir(), "jsbudget-")), LOG_LEVEL: "error" })
try {
  const collections = (await (await fetch(`${server.url}/api/trpc/catalog.collections`)).json()) as {
    result: { data: { json: { slug: string }[] } }
  }
  const collection = `/colecoes/${collections.result.data.json[0]?.slug ?? ""}`
  const html = await (await fetch(server.url + collection)).text()
  const character = /href="(\/character\/[0-9a-f-]+)"/.exec(html)?.[1] ?? "/"
  for (const path of ["/", "/colecoes", collection, character, "/planos"])
    console.log(`${path}\t${((await initialJsGzip(server.url, path, clientDir)) / 1024).toFixed(1)} KB`)
} finally {
  await server.stop()
}
