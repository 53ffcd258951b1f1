import { BASE, ctx, launch, watch } from "./.scratch-lib.mjs"

const b = await launch()
const c = await ctx(b)
const p = await c.newPage()
const log = []
watch(p, log)
const S = "/tmp/try-shots/"
await p.goto(BASE + "/dev/emails", { waitUntil: "networkidle" })
await p
  .getByRole("link", { name: /Confirme seu e-mail/ })
  .first()
  .click()
await p.waitForLoadState("networkidle")
console.log("EMAIL:", p.url(), (await p.innerText("body")).slice(0, 1500))
const hrefs = await p.$$eval("a", (as) => as.map((a) => a.href))
const fr = p.frames()
for (const f of fr) {
  try {
    hrefs.push(...(await f.$$eval("a", (as) => as.map((a) => a.href))))
  } catch {}
}
console.log(hrefs.join("\n"))
await p.screenshot({ path: S + "04-confirm-email-390.png", fullPage: true })
const link = hrefs.find((h) => /verif|confirm|token/i.test(h) && !/dev\/emails/.test(h))
console.log("LINK", link)
await p.goto(link, { waitUntil: "networkidle" })
await p.waitForTimeout(1500)
console.log("CONFIRM PAGE:", p.url(), (await p.innerText("main")).slice(0, 600))
await p.screenshot({ path: S + "05-confirmed-390.png", fullPage: true })
if (!/login/.test(p.url())) await p.goto(BASE + "/auth/login", { waitUntil: "networkidle" })
await p.getByLabel("Email").fill("nova.colecionadora@example.com")
await p.getByLabel("Senha", { exact: true }).fill("SenhaForte#2026")
await p.getByRole("button", { name: /^Entrar$/ }).click()
await p.waitForTimeout(2500)
console.log("AFTER LOGIN:", p.url(), (await p.innerText("main")).slice(0, 500))
await c.storageState({ path: "/tmp/try-user.json" })
console.log(log.join("\n"))
await b.close()
