import { BASE, ctx, launch, watch } from "./.scratch-lib.mjs"

const b = await launch()
const c = await ctx(b, 1280, 900, "/tmp/try-admin.json")
const p = await c.newPage()
const log = []
watch(p, log)
await p.goto(BASE + "/admin/collections", { waitUntil: "networkidle" })
const row = p.locator("tr", { hasText: "Lendas do Anime" })
await row.getByRole("button", { name: "Produtos" }).click()
await p.waitForTimeout(1500)
const t = await p.innerText("main")
console.log(t.slice(t.indexOf("Produtos\n\nSelecione") > 0 ? 0 : t.lastIndexOf("Produtos") - 50).slice(-3000))
await p.screenshot({ path: "/tmp/try-shots/06-admin-products-1280.png", fullPage: true })
console.log(log.join("\n"))
await b.close()
