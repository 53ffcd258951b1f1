import { BASE, ctx, launch, watch } from "./.scratch-lib.mjs"

const b = await launch()
const c = await ctx(b, 390, 844, "/tmp/try-user.json")
const p = await c.newPage()
const log = []
watch(p, log)
const S = "/tmp/try-shots/"
await p.goto(BASE + "/carrinho", { waitUntil: "networkidle" })

const btn = p.getByRole("button", { name: "Finalizar Compra" })
await btn.click()
await p.waitForTimeout(2500)
console.log("URL", p.url())
console.log((await p.innerText("main")).slice(0, 2500))
console.log(
  await p.$$eval("main input,main select,main button", (es) =>
    es
      .map(
        (e) =>
          `${e.tagName} type=${e.type} name=${e.name} label=${e.labels?.[0]?.innerText || e.getAttribute("aria-label") || e.innerText || ""} ph=${e.placeholder || ""}`,
      )
      .join("\n"),
  ),
)
await p.screenshot({ path: S + "10-checkout-390.png", fullPage: true })
console.log(log.join("\n"))
await b.close()
