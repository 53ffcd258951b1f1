import { BASE, ctx, launch, watch } from "./.scratch-lib.mjs"

const b = await launch()
const c = await ctx(b, 1280, 900)
const p = await c.newPage()
const log = []
watch(p, log)
await p.goto(BASE + "/auth/login", { waitUntil: "networkidle" })
await p.getByLabel("Email").fill("admin@demo.legendarium.com.br")
await p.getByLabel("Senha", { exact: true }).fill("Legendarium2026")
await p.getByRole("button", { name: /^Entrar$/ }).click()
await p.waitForTimeout(2500)
await c.storageState({ path: "/tmp/try-admin.json" })
await p.goto(BASE + "/admin/collections", { waitUntil: "networkidle" })
console.log((await p.innerText("main")).slice(0, 1500))
console.log(
  await p.$$eval("a,button", (as) =>
    as
      .map((a) => (a.getAttribute("href") || "BTN") + " | " + a.innerText.trim().slice(0, 40))
      .filter((x) => /lendas|anime|Personag|Editar|Ver/i.test(x))
      .slice(0, 40)
      .join("\n"),
  ),
)
await p.screenshot({ path: "/tmp/try-shots/06-admin-collections-1280.png" })
console.log(log.join("\n"))
await b.close()
