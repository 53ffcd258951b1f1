import type { Page } from "playwright"
import { fillCart } from "./checkout"
import { uniqueCpf } from "./cpf"
import { go } from "./pages"

/**
 * The signed-in customer on `page` orders one unit of `productId` through the checkout, paying by card (the
 * cardholder name chooses the sandbox's outcome: APRO approves) or asking for a PIX code (left unpaid).
 */
export async function placeOrder(
  page: Page,
  baseUrl: string,
  productId: string,
  payment: { holder: string } | "pix" = { holder: "APRO" },
) {
  await fillCart(page, productId)
  await go(page, baseUrl, "/checkout")
  const heading = (name: string) => page.getByRole("heading", { name, level: 2, exact: true })
  await Promise.race([
    heading("Novo endereço de entrega").waitFor(),
    heading("Endereço de entrega").waitFor(),
  ])
  if (await heading("Novo endereço de entrega").count()) {
    await page.getByLabel("CEP").fill("01310100")
    // The CEP fills the street in (fake ViaCEP); the form is sent once it has.
    const street = page.getByLabel("Rua")
    for (let i = 0; i < 100 && !(await street.inputValue()); i++) await page.waitForTimeout(100)
    await page.getByLabel("Nome do destinatário").fill("Cliente Teste")
    await page.getByLabel("Número").fill("1578")
    await page.getByRole("button", { name: "Salvar e continuar" }).click()
  } else {
    await page.getByRole("button", { name: "Continuar para a entrega" }).click()
  }
  await heading("Entrega").waitFor()
  await page.getByRole("radio", { checked: true }).waitFor()
  await page.getByRole("button", { name: "Continuar para o pagamento" }).click()
  await heading("Pagamento").waitFor()
  if (payment === "pix") {
    await page.getByText("PIX", { exact: true }).click()
    // Asked for the invoice unless the customer's CPF is already known.
    const cpf = page.getByLabel("CPF", { exact: true })
    if (!(await cpf.inputValue())) await cpf.fill("12345678909")
  } else {
    await page.getByLabel("Número do cartão").fill("5031433215406351")
    await page.getByLabel("Nome impresso no cartão").fill(payment.holder)
    await page.getByLabel("Validade (MM/AA)").fill("1130")
    await page.getByLabel("Código de segurança (CVV)").fill("123")
    // A collector of their own: one CPF shared by every test would share one unit of each numbered edition.
    await page.getByLabel("CPF do titular").fill(uniqueCpf())
    // The card's instalments come from the server; the review waits for them.
    await page.getByLabel("Parcelas").locator("option").nth(11).waitFor({ state: "attached" })
  }
  await page.getByRole("button", { name: "Revisar pedido" }).click()
  await heading("Revisão do pedido").waitFor()
  await page.getByRole("button", { name: /^(Pagar|Gerar)/ }).click()
  await page.waitForURL("**/payment-success?pedido=*")
  const id = new URL(page.url()).searchParams.get("pedido") ?? ""
  await page
    .getByText(/LG-\d{4}-\d{6}/)
    .first()
    .waitFor()
  const number = /LG-\d{4}-\d{6}/.exec(await page.locator("main").innerText())?.[0]
  if (!number) throw new Error("no order number on the payment page")
  return { id, number }
}
