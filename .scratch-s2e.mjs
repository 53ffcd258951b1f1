import { BASE, ctx, launch, watch } from "./.scratch-lib.mjs"

const b = await launch()
const c = await ctx(b, 390, 844, "/tmp/try-user.json")
const p = await c.newPage()
const log = []
watch(p, log)
const S = "/tmp/try-shots/"
const dump = async (n) => {
  console.log("---", n, p.url())
  console.log((await p.innerText("main")).slice(0, 2500))
  console.log(
    await p.$$eval("main input,main select,main button,main [role=radio]", (es) =>
      es
        .map(
          (e) =>
            `${e.tagName} type=${e.type} label=${e.labels?.[0]?.innerText || e.getAttribute("aria-label") || e.innerText || ""} ph=${e.placeholder || ""} val=${e.value} ${e.checked ? "CHECKED" : ""}`,
        )
        .join("\n"),
    ),
  )
}
await p.goto(BASE + "/checkout", { waitUntil: "networkidle" })
await p.getByLabel("CEP", { exact: true }).fill("01310-100")
await p.waitForTimeout(2500)
await p.getByLabel("Nome do destinatário").fill("Colecionadora Teste")
await p.getByLabel("Número").fill("1000")
console.log(
  "autofill:",
  await p.getByLabel("Rua").inputValue(),
  "|",
  await p.getByLabel("Bairro").inputValue(),
  "|",
  await p.getByLabel("Cidade").inputValue(),
  "|",
  await p.getByLabel("Estado (UF)").inputValue(),
)
await p.screenshot({ path: S + "10-checkout-address-390.png", fullPage: true })
await p.getByRole("button", { name: "Salvar e continuar" }).click()
await p.waitForTimeout(2500)
await dump("entrega")
await p.screenshot({ path: S + "11-checkout-entrega-390.png", fullPage: true })
await c.storageState({ path: "/tmp/try-user.json" })
console.log(log.join("\n"))
await b.close()
