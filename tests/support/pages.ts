import type { Page } from "playwright"

/** Opens a path of the store and waits until the page has hydrated. */
export async function go(page: Page, baseUrl: string, path: string) {
  await page.goto(baseUrl + path)
  await page.waitForSelector("html[data-hydrated=true]")
}

export const h1 = (page: Page) => page.locator("h1").first().innerText()

/** Opens the sign-in page, fills and sends its form. */
export async function signIn(page: Page, baseUrl: string, email: string, password: string) {
  await go(page, baseUrl, "/auth/login")
  await sendSignIn(page, email, password)
}

/** Fills and sends the sign-in form the page shows. */
export async function sendSignIn(page: Page, email: string, password: string) {
  await page.getByLabel("E-mail", { exact: true }).fill(email)
  await page.getByLabel("Senha", { exact: true }).fill(password)
  await page.getByRole("button", { name: "Entrar" }).click()
}

/** Path of the first character linked from a page's server HTML, e.g. `/colecoes?fase=atual` for the month's. */
export async function firstCharacterPath(
  baseUrl: string,
  listPath = "/colecoes?fase=atual",
): Promise<string> {
  const html = await (await fetch(baseUrl + listPath)).text()
  const path = /href="(\/character\/[0-9a-f-]+)"/.exec(html)?.[1]
  if (!path) throw new Error(`no character linked from ${listPath}`)
  return path
}

/** The current month's character of each collection, in the catalogue's order (each is on sale now). */
export async function currentCharacterPaths(baseUrl: string, { skipEmpty = false } = {}): Promise<string[]> {
  const collections = (await (await fetch(`${baseUrl}/api/trpc/catalog.collections`)).json()) as {
    result: { data: { json: { slug: string }[] } }
  }
  const paths: string[] = []
  for (const { slug } of collections.result.data.json) {
    const path = firstCharacterPath(baseUrl, `/colecoes?fase=atual&colecao=${slug}`)
    paths.push(await (skipEmpty ? path.catch(() => "") : path))
  }
  return paths.filter((p) => p !== "")
}

/** Path of the first collection detail page linked from /colecoes. */
export async function firstCollectionPath(baseUrl: string): Promise<string> {
  const html = await (await fetch(`${baseUrl}/colecoes`)).text()
  const path = /href="(\/colecoes\/[a-z0-9-]+)"/.exec(html)?.[1]
  if (!path) throw new Error("no collection linked from /colecoes")
  return path
}

/** Puts a visitor's cart into the browser's storage before any page script runs (spec 000 §3 keys). */
export async function seedGuestCart(page: Page, productIds: readonly string[]) {
  const items = JSON.stringify(productIds.map((id) => ({ id, quantity: 1 })))
  await page.addInitScript((value) => {
    if (localStorage.getItem("cartItems") === null) localStorage.setItem("cartItems", value)
  }, items)
}
