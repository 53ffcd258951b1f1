import { BASE, ctx, launch, watch } from "./.scratch-lib.mjs"

const b = await launch()
const c = await ctx(b)
const p = await c.newPage()
const log = []
watch(p, log)
for (const u of process.argv.slice(2)) {
  await p.goto(BASE + u, { waitUntil: "networkidle" })
  console.log("=== " + u + " -> " + p.url())
  console.log((await p.innerText("body")).slice(0, 2500))
  const links = await p.$$eval("a", (as) =>
    as.map((a) => a.getAttribute("href") + " | " + a.innerText.trim().slice(0, 40)),
  )
  console.log("LINKS:", links.slice(0, 80).join("\n"))
}
console.log(log.join("\n"))
await b.close()
