import type { Page } from "playwright"
import { expect } from "vitest"
import { checkoutToPayment, fillCard, fillCart, reviewAndPay } from "../../support/checkout"
import { firstCharacterPath, go, h1 } from "../../support/pages"
import { ADMIN, type AdminWorld, CUSTOMER } from "./world"

const CODE = "NATAL15"
const row = (page: Page, code: string) => page.getByTestId(`coupon-${code}`)
const toast = (page: Page, text: string) => expect.poll(() => page.getByText(text).count()).toBeGreaterThan(0)

/**
 * The administrator creates a coupon, the customer pays an order with it and sees the discount, the
 * administrator sees its use counted, duplicates it (an inactive copy) and switches it off.
 */
export async function couponsJourney(world: AdminWorld) {
  const { url } = world.server
  const admin = await world.signedIn(ADMIN)
  await go(admin, url, "/admin/coupons")
  await expect.poll(() => h1(admin)).toBe("Cupons")
  const form = admin.getByTestId("coupon-form")
  // The spec's defaults (percentage, 10, minimum 0, from today); a code is required.
  expect(await form.getByLabel("Tipo").inputValue()).toBe("percentage")
  expect(await form.getByLabel("Desconto (%)").inputValue()).toBe("10")
  await form.getByRole("button", { name: "Criar cupom" }).click()
  await expect.poll(() => form.getByText("Código do cupom é obrigatório").count()).toBe(1)
  expect(await form.getByLabel("Código do cupom").getAttribute("aria-invalid")).toBe("true")
  await form.getByLabel("Código do cupom").fill(CODE.toLowerCase())
  await form.getByLabel("Desconto (%)").fill("15")
  await form.getByLabel("Uso único por cliente").check()
  await form.getByRole("button", { name: "Criar cupom" }).click()
  await toast(admin, "Cupom criado com sucesso!")
  await row(admin, CODE).waitFor()
  // The list shows the rules switched on, and only those.
  expect(await row(admin, CODE).getByTestId("coupon-rules").innerText()).toBe("Uso único por cliente")

  const customer = await world.signedIn(CUSTOMER)
  const productId = (await firstCharacterPath(url)).split("/").pop() ?? ""
  await fillCart(customer, productId)
  await checkoutToPayment(customer, url, CUSTOMER.name, "/checkout", async (page) => {
    await expect.poll(() => page.getByRole("button", { name: "Aplicar" }).isEnabled()).toBe(true)
    await page.getByLabel("Cupom de desconto").fill(CODE.toLowerCase())
    await page.getByRole("button", { name: "Aplicar" }).click()
    await expect.poll(() => page.getByText(`Cupom ${CODE} aplicado`).count()).toBeGreaterThan(0)
  })
  await fillCard(customer, "APRO")
  await reviewAndPay(customer)
  await customer.waitForURL("**/payment-success?pedido=*")
  const orderId = new URL(customer.url()).searchParams.get("pedido") ?? ""
  await go(customer, url, `/perfil/pedidos/${orderId}`)
  await expect.poll(() => customer.getByText(`Cupom (${CODE})`).count()).toBe(1)
  await customer.context().close()

  // The use and the paid order are counted from the orders.
  await expect
    .poll(async () => {
      await go(admin, url, "/admin/coupons")
      const found = row(admin, CODE)
      await found.waitFor()
      return [
        await found.getByTestId("coupon-uses").innerText(),
        await found.getByTestId("coupon-conversions").innerText(),
      ]
    })
    .toEqual(["1", "1"])

  await row(admin, CODE)
    .getByRole("button", { name: `Duplicar ${CODE}` })
    .click()
  await row(admin, `${CODE}-COPIA`).waitFor()
  const copy = row(admin, `${CODE}-COPIA`)
  expect(await copy.getByText("Inativo").count()).toBe(1)
  expect(await copy.getByTestId("coupon-uses").innerText()).toBe("0")
  expect(await copy.getByTestId("coupon-rules").innerText()).toBe("Uso único por cliente")

  await row(admin, CODE)
    .getByRole("button", { name: `Desativar ${CODE}` })
    .click()
  await toast(admin, "Cupom desativado")
  await expect.poll(() => row(admin, CODE).getByText("Inativo").count()).toBe(1)
  await admin.context().close()
}
