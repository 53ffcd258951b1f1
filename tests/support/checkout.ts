import type { Page } from "playwright"
import { expect } from "vitest"
import { uniqueCpf } from "./cpf"
import { go } from "./pages"

const heading = (page: Page, name: string) => page.getByRole("heading", { name, level: 2, exact: true })

/** Puts a product in the signed-in customer's cart (already there is fine). */
export async function fillCart(page: Page, productId: string) {
  await page.evaluate(async (id) => {
    await fetch("/api/trpc/cart.add", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ json: { productId: id } }),
    })
  }, productId)
}

/**
 * From an empty or remembered address book (Avenida Paulista, from the fake ViaCEP) to the payment step; `path`
 * null: the page is already on the checkout (reached by a link, e.g. a plan's from /planos). `atDelivery` runs on
 * the delivery step once it is priced (where the coupon field is).
 */
export async function checkoutToPayment(
  page: Page,
  baseUrl: string,
  recipient: string,
  path: string | null = "/checkout",
  atDelivery?: (page: Page) => Promise<void>,
) {
  if (path !== null) await go(page, baseUrl, path)
  const form = heading(page, "Novo endereço de entrega")
  const choose = heading(page, "Endereço de entrega")
  await expect.poll(async () => (await form.count()) + (await choose.count())).toBe(1)
  if (await form.count()) {
    await page.getByLabel("CEP").fill("01310100")
    await expect.poll(() => page.getByLabel("Rua").inputValue()).toBe("Avenida Paulista")
    expect(await page.getByLabel("Bairro").inputValue()).toBe("Bela Vista")
    expect(await page.getByLabel("Cidade").inputValue()).toBe("São Paulo")
    expect(await page.getByLabel("Estado (UF)").inputValue()).toBe("SP")
    await page.getByLabel("Nome do destinatário").fill(recipient)
    await page.getByLabel("Número").fill("1578")
    await page.getByRole("button", { name: "Salvar e continuar" }).click()
  } else {
    await page.getByRole("button", { name: "Continuar para a entrega" }).click()
  }
  await heading(page, "Entrega").waitFor()
  await expect.poll(() => page.getByRole("radio", { checked: true }).count()).toBe(1)
  await atDelivery?.(page)
  await page.getByRole("button", { name: "Continuar para o pagamento" }).click()
  await heading(page, "Pagamento").waitFor()
}

/** The sandbox's Mastercard test card; the holder's name chooses the outcome (APRO, OTHE, ...). */
export async function fillCard(page: Page, holder: string) {
  await page.getByLabel("Número do cartão").fill("5031433215406351")
  await page.getByLabel("Nome impresso no cartão").fill(holder)
  await page.getByLabel("Validade (MM/AA)").fill("1130")
  await page.getByLabel("Código de segurança (CVV)").fill("123")
  // A collector of their own: one CPF shared by every test would share one unit of each numbered edition.
  await page.getByLabel("CPF do titular").fill(uniqueCpf())
  await expect.poll(() => page.getByLabel("Parcelas").locator("option").count()).toBe(12)
}

export async function reviewAndPay(page: Page) {
  await page.getByRole("button", { name: "Revisar pedido" }).click()
  await heading(page, "Revisão do pedido").waitFor()
  const pay = page.getByRole("button", { name: /^(Pagar|Gerar)/ })
  // A double click sends one order: the button and the machine both refuse the second.
  await pay.dblclick()
}

/**
 * The sandbox page of a payment link, on the host the test browses. The page is the buyer's own, and the link
 * names the store's PUBLIC_URL host (localhost), where the browser holds no session.
 */
export function sandboxPageOn(baseUrl: string, link: string) {
  const { pathname, search } = new URL(link, baseUrl)
  return new URL(pathname + search, baseUrl).toString()
}
