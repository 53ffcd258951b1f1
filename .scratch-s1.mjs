import { BASE, ctx, launch, watch } from "./.scratch-lib.mjs"

const b = await launch()
const c = await ctx(b)
const p = await c.newPage()
const log = []
watch(p, log)
const S = "/tmp/try-shots/"
await p.goto(BASE + "/auth/register", { waitUntil: "networkidle" })
await p.getByLabel("Nome de exibição").fill("Colecionadora Teste")
await p.getByLabel("Email").fill("nova.colecionadora@example.com")
await p.getByLabel("Senha", { exact: true }).fill("SenhaForte#2026")
await p.getByLabel("Confirmar senha").fill("SenhaForte#2026")
await p.getByLabel(/Li e aceito/).check()
await p.screenshot({ path: S + "01-register-390.png", fullPage: true })
await p.getByRole("button", { name: "Criar conta" }).click()
await p.waitForTimeout(2500)
console.log("after register:", p.url())
console.log((await p.innerText("main")).slice(0, 800))
await p.screenshot({ path: S + "02-after-register-390.png", fullPage: true })
await p.goto(BASE + "/dev/emails", { waitUntil: "networkidle" })
console.log("MAILBOX:", (await p.innerText("body")).slice(0, 2000))
console.log(
  await p.$$eval("a", (as) => as.map((a) => a.href + " | " + a.innerText.trim().slice(0, 60)).join("\n")),
)
await p.screenshot({ path: S + "03-mailbox-390.png", fullPage: true })
console.log(log.join("\n"))
await b.close()
