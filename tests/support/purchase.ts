import type { Page } from "playwright"
import { go } from "./pages"

/**
 * The signed-in customer on `page` buys one unit of `productId` through the checkout, by card in one
 * instalment, the cardholder name choosing the sandbox's outcome (APRO approves); the order's number.
 */
export async function buyByCard(page: Page, baseUrl: string, productId: string, holder = "APRO") {
  await page.evaluate(async (id) => {
    await fetch("/api/trpc/cart.add", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ json: { productId: id } }),
    })
  }, productId)
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
  await page.getByLabel("Número do cartão").fill("5031433215406351")
  await page.getByLabel("Nome impresso no cartão").fill(holder)
  await page.getByLabel("Validade (MM/AA)").fill("1130")
  await page.getByLabel("Código de segurança (CVV)").fill("123")
  await page.getByLabel("CPF do titular").fill("12345678909")
  await page.getByRole("button", { name: "Revisar pedido" }).click()
  await heading("Revisão do pedido").waitFor()
  await page.getByRole("button", { name: /^Pagar/ }).click()
  await page.waitForURL("**/payment-success?pedido=*")
  const details = await page.getByTestId("transaction-details").innerText()
  const number = /Pedido nº\s+(\S+)/.exec(details)?.[1]
  if (!number) throw new Error(`no order number in: ${details}`)
  return number
}
