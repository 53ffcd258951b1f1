import { BASE, ctx, launch, watch } from "./.scratch-lib.mjs"

const b = await launch()
const c = await ctx(b, 390, 844, "/tmp/try-user.json")
const p = await c.newPage()
const log = []
watch(p, log)
const S = "/tmp/try-shots/"
await p.goto(BASE + "/character/0140073d-44ba-47fb-8543-af6e7d7cb227", { waitUntil: "networkidle" })
console.log((await p.innerText("main")).slice(0, 2000))
console.log(await p.$$eval("main img", (is) => is.map((i) => i.currentSrc + " alt=" + i.alt).join("\n")))
await p.screenshot({ path: S + "07-character-before-buy-390.png", fullPage: true })
console.log(
  await p.$$eval("main button, main a", (es) =>
    es
      .map((e) => e.tagName + " " + (e.getAttribute("href") || "") + " | " + e.innerText.trim().slice(0, 50))
      .join("\n"),
  ),
)
console.log(log.join("\n"))
await b.close()
