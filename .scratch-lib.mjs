import { chromium } from "playwright"
export const BASE = "http://127.0.0.1:3100"
export async function launch() {
  return chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  })
}
export async function ctx(browser, w = 390, h = 844, state) {
  const c = await browser.newContext({
    viewport: { width: w, height: h },
    locale: "pt-BR",
    storageState: state,
  })
  return c
}
export function watch(page, log) {
  page.on("console", (m) => {
    if (m.type() === "error" || m.type() === "warning") log.push(`[${m.type()}] ${page.url()} :: ${m.text()}`)
  })
  page.on("pageerror", (e) => log.push(`[pageerror] ${page.url()} :: ${e.message}`))
  page.on("response", (r) => {
    if (r.status() >= 400) log.push(`[http ${r.status()}] ${r.url()}`)
  })
}
