import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { DEMO_ACCOUNTS } from "../../server/demoAccounts"
import { firstCharacterPath } from "../support/pages"
import { type RunningServer, startServer } from "../support/server"
import { lighthouseMobile } from "./lighthouse"

// `npx tsx tests/bench/checkoutMain.ts`: Lighthouse (mobile, median of BENCH_RUNS) on the checkout as the demo
// customer sees it with one figure in the cart, the page whose card fields mount late and could shift it.
const RUNS = Number(process.env.BENCH_RUNS ?? 3)

async function signedInCookie(origin: string): Promise<string> {
  const customer = DEMO_ACCOUNTS.find((a) => a.role === "user")
  if (!customer) throw new Error("no demo customer")
  const res = await fetch(`${origin}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin },
    body: JSON.stringify({ email: customer.email, password: customer.password }),
  })
  if (!res.ok) throw new Error(`sign-in failed: ${res.status}`)
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ")
}

async function addToCart(origin: string, cookie: string, productId: string) {
  const res = await fetch(`${origin}/api/trpc/cart.add`, {
    method: "POST",
    headers: { "content-type": "application/json", origin, cookie },
    body: JSON.stringify({ json: { productId } }),
  })
  if (!res.ok) throw new Error(`cart.add failed: ${res.status} ${await res.text()}`)
}

if (import.meta.url === `file://${process.argv[1]}`) {
  let server: RunningServer | null = null
  const dataDir = mkdtempSync(join(tmpdir(), "bench-checkout-"))
  try {
    server = await startServer({ DATA_DIR: dataDir, LOG_LEVEL: "error" })
    const origin = server.url
    const cookie = await signedInCookie(origin)
    const character = await firstCharacterPath(origin)
    await addToCart(origin, cookie, character.split("/").pop() ?? "")
    const lh = await lighthouseMobile(`${origin}/checkout`, RUNS, { cookie })
    console.log(`Lighthouse (mobile, median of ${RUNS}) on /checkout, signed in with one figure in the cart`)
    console.table({
      score: lh.score,
      lcp: `${lh.lcp.toFixed(0)} ms`,
      fcp: `${lh.fcp.toFixed(0)} ms`,
      tbt: `${lh.tbt.toFixed(0)} ms`,
      cls: lh.cls.toFixed(3),
      "scores of the runs": lh.scores.join(" "),
    })
  } finally {
    await server?.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}
