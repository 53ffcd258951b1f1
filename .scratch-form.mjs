import { BASE, ctx, launch } from "./.scratch-lib.mjs"

const b = await launch()
const c = await ctx(b)
const p = await c.newPage()
await p.goto(BASE + process.argv[2], { waitUntil: "networkidle" })
console.log(
  await p.$$eval("input,select,textarea,button", (es) =>
    es
      .map(
        (e) =>
          `${e.tagName} name=${e.name} id=${e.id} type=${e.type} label=${e.labels?.[0]?.innerText || e.getAttribute("aria-label") || e.innerText || ""} ph=${e.placeholder || ""}`,
      )
      .join("\n"),
  ),
)
await b.close()
