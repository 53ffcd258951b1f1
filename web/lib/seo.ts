export const STORE_NAME = "Legendarium"
const DEFAULT_IMAGE = "/og-default.png"

export interface SeoInput {
  readonly title: string
  readonly description: string
  /** Path of the page, e.g. "/colecoes"; joined to the public URL for canonical and og:url. */
  readonly path: string
  readonly image?: string
  readonly publicUrl: string
  readonly type?: "website" | "product" | "article"
}

/** Head tags every public page carries, so links shared on WhatsApp and search results look right. */
export function seo({ title, description, path, image, publicUrl, type = "website" }: SeoInput) {
  const fullTitle = title === STORE_NAME ? title : `${title} | ${STORE_NAME}`
  const url = `${publicUrl}${path}`
  // Link previews (WhatsApp, Facebook) ignore SVG: media artwork is offered as a 1200 px JPEG.
  const preview = image?.startsWith("/media/") ? image.replace(/\.(svg|jpeg)$/, ".jpg?w=1200") : image
  const imageUrl = new URL(preview ?? DEFAULT_IMAGE, publicUrl).toString()
  return {
    meta: [
      { title: fullTitle },
      { name: "description", content: description },
      { property: "og:type", content: type },
      { property: "og:site_name", content: STORE_NAME },
      { property: "og:locale", content: "pt_BR" },
      { property: "og:title", content: fullTitle },
      { property: "og:description", content: description },
      { property: "og:url", content: url },
      { property: "og:image", content: imageUrl },
      { name: "twitter:card", content: "summary_large_image" },
    ],
    links: [{ rel: "canonical", href: url }],
  }
}

/** Head of a page about one entity: its own tags, or just a title when the entity was not found (404). */
export function entitySeo(
  loaderData: { title: string; description: string; image: string } | undefined,
  page: { path: string; publicUrl: string; type?: SeoInput["type"]; missingTitle: string },
) {
  if (!loaderData) return { meta: [{ title: `${page.missingTitle} | ${STORE_NAME}` }] }
  return seo({
    ...loaderData,
    path: page.path,
    publicUrl: page.publicUrl,
    ...(page.type ? { type: page.type } : {}),
  })
}

/**
 * Route `head` of a legal page. It lives here, not beside the legal layout, because route options other than
 * the component are in every page's JavaScript.
 */
export function legalHead(title: string, description: string, path: string) {
  return ({ match }: { readonly match: { readonly context: { readonly publicUrl: string } } }) =>
    seo({ title, description, path, publicUrl: match.context.publicUrl })
}

/** An administration page's head: its title, never indexed. */
export const adminHead = (title: string) => ({
  meta: [{ title: `${title} | ${STORE_NAME}` }, { name: "robots", content: "noindex" }],
})

/** The help page, at /support (/suporte leads there). */
export const supportHead = (publicUrl: string) =>
  seo({
    title: "Central de Ajuda",
    description:
      "Fale com a Legendarium: WhatsApp, e-mail e chamados respondidos em até 24 horas; dúvidas sobre pedidos, entregas e assinaturas.",
    path: "/support",
    publicUrl,
  })
