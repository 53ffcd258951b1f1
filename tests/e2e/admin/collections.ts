import sharp from "sharp"
import { expect } from "vitest"
import { go, h1 } from "../../support/pages"
import { STORE_DAY } from "../../support/storeClock"
import { ADMIN, type AdminWorld } from "./world"

const COLLECTION = "Guardiões do Cerrado"
const CHARACTER = "Lobo-guará Ancestral"

/** A 1600 × 1200 photo-like PNG: the server must shrink it to 800 px and re-encode it as JPEG. */
const photoPng = () =>
  sharp({ create: { width: 1600, height: 1200, channels: 3, background: "#2f6b3a" } })
    .composite([
      {
        input: Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1200"><circle cx="800" cy="600" r="420" fill="#d9822b"/></svg>',
        ),
      },
    ])
    .png()
    .toBuffer()

const toast = (page: Awaited<ReturnType<AdminWorld["signedIn"]>>, text: string) =>
  page.locator("[data-sonner-toast]", { hasText: text }).first().waitFor()

/**
 * The administrator creates a collection and a product with an uploaded image, activates the
 * collection, and the storefront shows both (collection page, character page, the image served as a variant).
 */
export async function collectionsJourney(world: AdminWorld) {
  const admin = await world.signedIn(ADMIN)
  await go(admin, world.server.url, "/admin/collections")
  await expect.poll(() => h1(admin)).toBe("Coleções")
  await expect.poll(() => admin.getByText("Selecione uma coleção").count()).toBe(1)

  // A past year's months, so the character is already revealed on the storefront.
  const year = new Date(STORE_DAY).getFullYear()
  const collectionForm = admin.getByTestId("collection-form")
  await collectionForm.getByLabel("Nome *").fill(COLLECTION)
  await collectionForm
    .getByLabel("Descrição *")
    .fill("Figuras dos guardiões lendários do cerrado brasileiro.")
  await collectionForm.getByLabel("Início *").fill(`${year}-01-01`)
  await collectionForm.getByLabel("Término *").fill(`${year}-12-31`)
  await collectionForm.getByRole("button", { name: "Criar coleção" }).click()
  await toast(admin, "Coleção criada com sucesso!")

  const productForm = admin.getByTestId("product-form")
  await productForm.waitFor()
  await productForm.getByLabel("Nome *").fill(CHARACTER)
  // Same rules on the page as on the server: no image, no product.
  await productForm.getByRole("button", { name: "Criar produto" }).click()
  await expect.poll(() => productForm.getByText("Imagem é obrigatória").count()).toBe(1)
  await productForm.getByLabel("Mês de exibição *").selectOption("1")
  await productForm.getByLabel("Ano da edição *").fill(String(year))
  await productForm.getByLabel("Peso (g) *").fill("1200")
  await productForm.getByLabel("Imagem *").setInputFiles({
    name: "lobo.png",
    mimeType: "image/png",
    buffer: await photoPng(),
  })
  const preview = productForm.locator("img[data-testid$='-image-preview']")
  await preview.waitFor()
  const uploaded = (await preview.getAttribute("src")) ?? ""
  expect(uploaded).toMatch(/^\/media\/upload-[0-9a-f-]+\.webp\?w=256$/)
  await productForm.getByRole("button", { name: "Criar produto" }).click()
  await toast(admin, "Produto criado com sucesso!")
  await expect.poll(() => admin.getByTestId("product-row").count()).toBe(1)

  // Inactive until the administrator says so: the storefront does not know it yet.
  const slug = "guardioes-do-cerrado"
  expect((await fetch(`${world.server.url}/colecoes/${slug}`)).status).toBe(404)
  // The box follows the saved state, so it ticks once the server has answered.
  await admin.getByRole("checkbox", { name: `${COLLECTION} ativa` }).click()
  await toast(admin, "Coleção atualizada!")

  // The stored original is a JPEG of at most 800 px and 200 KB.
  const original = await fetch(`${world.server.url}${uploaded.replace(/\.webp\?w=256$/, ".jpeg")}`)
  expect(original.headers.get("content-type")).toBe("image/jpeg")
  const bytes = Buffer.from(await original.arrayBuffer())
  expect(bytes.byteLength).toBeLessThanOrEqual(200 * 1024)
  expect((await sharp(bytes).metadata()).width).toBe(800)

  const shopper = await world.browser.newPage()
  await go(shopper, world.server.url, `/colecoes/${slug}`)
  await expect.poll(() => h1(shopper)).toContain(COLLECTION)
  const card = shopper.getByTestId("character-card").filter({ hasText: CHARACTER })
  await card.getByRole("link", { name: CHARACTER }).click()
  await shopper.waitForURL("**/character/**")
  await expect.poll(() => h1(shopper)).toBe(CHARACTER)
  const image = shopper.getByRole("img", { name: CHARACTER }).first()
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0)
  expect(await image.getAttribute("src")).toMatch(/^\/media\/upload-[0-9a-f-]+\.webp\?w=640$/)
  await shopper.close()
  await admin.context().close()
}
