import type { Page } from "playwright"

/** Opens a path of the store and waits until the page has hydrated. */
export async function go(page: Page, baseUrl: string, path: string) {
  await page.goto(baseUrl + path)
  await page.waitForSelector("html[data-hydrated=true]")
}

export const h1 = (page: Page) => page.locator("h1").first().innerText()

/** Fills and sends the sign-in form. */
export async function signIn(page: Page, baseUrl: string, email: string, password: string) {
  await go(page, baseUrl, "/auth/login")
  await page.getByLabel("Email").fill(email)
  await page.getByLabel("Senha", { exact: true }).fill(password)
  await page.getByRole("button", { name: "Entrar" }).click()
}
