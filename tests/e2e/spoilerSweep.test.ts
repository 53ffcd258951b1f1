import { cpSync, readdirSync, rmSync } from "node:fs"
import { join, relative } from "node:path"
import type { Browser, BrowserContext, Page } from "playwright"
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest"
import { saoPauloInstant } from "../../domain/calendar"
import { appRouter } from "../../server/trpc/appRouter"
import { publicProcedure } from "../../server/trpc/procedures"
import { type FakeViaCep, startFakeViaCep } from "../fakes/fakeViaCep"
import { launchBrowser } from "../support/browser"
import { createVerifiedAccount } from "../support/mailbox"
import { currentCharacterPaths, go, signIn } from "../support/pages"
import { placeOrder } from "../support/purchase"
import { type RunningServer, scratchDir, startServer } from "../support/server"

/**
 * The spoiler sweep: a week before October's reveal a collector buys the month's character, subscribes to
 * another collection (whose October piece ships at once), offers her piece for trade and opens a ticket about
 * her order. Then a visitor and another collector crawl every public page and call every public procedure:
 * October's characters' names, slugs and artwork appear in nothing they receive. The same store, its clock
 * moved past the reveal, names them. A page or public procedure added to the store fails this test until it is
 * listed below, crawled or set aside with the reason.
 */
const OCTOBER_8 = saoPauloInstant({ year: 2026, month: 10, day: 8 }, 10)
const AFTER_REVEAL = saoPauloInstant({ year: 2026, month: 10, day: 15 }, 12, 5)

/** Route files (web/routes) a visitor or collector may open, and the ones the sweep does not, with why. */
const NOT_CRAWLED: Record<string, string> = {
  "__root.tsx": "the layout of every page",
  "auth/callback.tsx": "a redirect after sign-in",
  "auth/index.tsx": "a redirect to sign-in",
  "auth/forgot-password.tsx": "a form that names no character",
  "auth/reset-password.tsx": "a form reached by an e-mailed token",
  "auth/verify-email.tsx": "reached by an e-mailed token",
  "carrinho.tsx": "the visitor's own cart, empty",
  "checkout.tsx": "the signed-in collector's own checkout",
  "clientes.tsx": "an alias of /perfil",
  "conta.tsx": "an alias of /perfil",
  "minha-conta.tsx": "an alias of /perfil",
  "dashboard.tsx": "an alias of /perfil",
  "suporte.tsx": "an alias of /support",
  "descadastrar.tsx": "reached by an e-mailed token",
  "confirmar-chamado.tsx": "reached by an e-mailed token",
  "newsletter/confirmar.tsx": "reached by an e-mailed token",
  "payment-success.tsx": "the buyer's own order (her reads: tests/integration/spoilers.test.ts)",
  "perfil_/pedidos/$orderId.tsx": "the buyer's own order (her reads: tests/integration/spoilers.test.ts)",
  "trocas/nova.tsx": "a form over the trade target the sweep calls (trades.target)",
}

/** Public procedures the sweep does not call, with why (every other one is called by a page or below). */
const NOT_CALLED: Record<string, string> = {
  "catalog.subscribeNewsletter": "a mutation taking an e-mail address",
  "catalog.confirmNewsletter": "a mutation taking an e-mailed token",
  "communityProfiles.viewed": "a mutation counting a view",
  "subscriptions.subscribe": "the collector's own subscription (done above, signed in)",
  "support.open": "a mutation (done above, signed in)",
  "support.proveAddress": "a mutation taking an e-mailed token",
  "shipping.lookupCep": "an address lookup, no catalogue data",
  "shipping.quote": "prices and carriers, no character",
  "cart.price": "the caller's own cart lines, by product id",
  "cart.check": "the caller's own cart lines, by product id",
}

interface Secret {
  readonly id: string
  readonly name: string
  readonly slug: string
  readonly imageUrl: string
}

let viaCep: FakeViaCep
let browser: Browser
let dataDir: string
let server: RunningServer | null = null

const trpc = async <T>(page: Page, procedure: string, input?: unknown, mutation = false): Promise<T> =>
  page.evaluate(
    async ({ procedure, input, mutation }) => {
      const body = JSON.stringify({ json: input ?? null })
      const res = mutation
        ? await fetch(`/api/trpc/${procedure}`, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body,
          })
        : await fetch(
            `/api/trpc/${procedure}${input === undefined ? "" : `?input=${encodeURIComponent(body)}`}`,
          )
      const answer = await res.json()
      if (!res.ok) throw new Error(`${procedure}: ${res.status} ${JSON.stringify(answer)}`)
      return answer.result.data.json
    },
    { procedure, input, mutation },
  ) as Promise<T>

async function startStore(instant: number) {
  server = await startServer({
    NODE_ENV: "test",
    VIACEP_URL: viaCep.baseUrl,
    DATA_DIR: dataDir,
    STORE_CLOCK_START: new Date(instant).toISOString(),
  })
  return server
}

async function newPage(): Promise<{ page: Page; context: BrowserContext }> {
  const context = await browser.newContext({ locale: "pt-BR" })
  return { context, page: await context.newPage() }
}

/** Everything a reader receives from the store while `visit` runs: pages, data, feeds and drawn artwork. */
async function received(page: Page, visit: () => Promise<void>): Promise<{ url: string; body: string }[]> {
  const bodies: Promise<{ url: string; body: string } | null>[] = []
  const listener = (response: import("playwright").Response) => {
    const type = response.headers()["content-type"] ?? ""
    if (!/html|json|calendar|svg|xml|text\/plain/.test(type)) return
    bodies.push(
      response
        .text()
        .then((body) => ({ url: response.url(), body }))
        .catch(() => null),
    )
  }
  page.on("response", listener)
  await visit()
  page.off("response", listener)
  return (await Promise.all(bodies)).filter((b) => b !== null)
}

const routeFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.name.startsWith("-") || entry.name === "admin") return []
    if (entry.isDirectory()) return routeFiles(path)
    return entry.name.endsWith(".tsx") ? [relative("web/routes", path)] : []
  })

const publicProcedures = () => {
  const procedures = (appRouter as unknown as { _def: { procedures: Record<string, unknown> } })._def
    .procedures
  const base = (publicProcedure as unknown as { _def: { middlewares: unknown[] } })._def.middlewares.length
  return Object.entries(procedures)
    .filter(([, p]) => (p as { _def: { middlewares: unknown[] } })._def.middlewares.length === base)
    .map(([name]) => name)
    .sort()
}

beforeAll(async () => {
  viaCep = await startFakeViaCep()
  browser = await launchBrowser()
  dataDir = scratchDir("store-spoilers-")
  cpSync(inject("pgliteTemplate") as string, dataDir, { recursive: true })
}, 60_000)
afterAll(async () => {
  await server?.stop()
  await browser?.close()
  await viaCep?.close()
  if (dataDir) rmSync(dataDir, { recursive: true, force: true })
})

describe("the spoiler sweep", () => {
  it("shows nothing of October's characters to anyone a week before the reveal, and all of them after", async () => {
    let store = await startStore(OCTOBER_8)
    await createVerifiedAccount(store.url, "Ana Souza", "ana@example.com", "Segura123")
    await createVerifiedAccount(store.url, "Bia Costa", "bia@example.com", "Segura123")
    const ana = await newPage()
    await signIn(ana.page, store.url, "ana@example.com", "Segura123")
    await ana.page.waitForURL("**/perfil")
    const anaId = (await trpc<{ id: string }>(ana.page, "account.me")).id

    // October's characters, one per collection: the month's pieces, unrevealed on the 8th.
    const october = (await currentCharacterPaths(store.url)).map((path) => path.split("/").pop() ?? "")
    expect(october.length).toBeGreaterThan(1)
    const [bought = "", subscribedTo = ""] = october
    const order = await placeOrder(ana.page, store.url, bought)
    const collectionOf = async (productId: string) =>
      (
        await trpc<{ character: { collection: { id: string; slug: string; name: string } } }>(
          ana.page,
          "catalog.character",
          { id: productId },
        )
      ).character.collection
    const subscription = await collectionOf(subscribedTo)
    await go(ana.page, store.url, `/colecoes/${subscription.slug}`)
    await ana.page.getByRole("button", { name: "Assinar Coleção Completa" }).click()
    const dialog = ana.page.locator("dialog[open]")
    await dialog.getByRole("button", { name: "Escolher Plano Mensal" }).click()
    await dialog.getByLabel("Número do cartão").fill("5031433215406351")
    await dialog.getByLabel("Nome impresso no cartão").fill("APRO")
    await dialog.getByLabel("Validade (MM/AA)").fill("1130")
    await dialog.getByLabel("Código de segurança (CVV)").fill("123")
    await dialog.getByLabel("CPF do titular").fill("12345678909")
    await dialog.getByRole("button", { name: /^Assinar por R\$/ }).click()
    await dialog
      .getByText("Pagamento aprovado! Sua assinatura foi ativada com sucesso.")
      .waitFor({ timeout: 30_000 })

    // Her pieces reach her collection once the payments' events are handled; one goes up for trade.
    const pieces = async () =>
      trpc<{ id: string; collectionName: string }[]>(ana.page, "trades.myPieces").catch(
        () => [] as { id: string; collectionName: string }[],
      )
    await expect.poll(async () => (await pieces()).length, { timeout: 30_000 }).toBeGreaterThanOrEqual(2)
    const boughtFrom = await collectionOf(bought)
    const piece = (await pieces()).find((p) => p.collectionName === boughtFrom.name)
    expect(piece).toBeDefined()
    await trpc(ana.page, "trades.markForTrade", { pieceId: piece?.id, forTrade: true }, true)
    await trpc(
      ana.page,
      "support.open",
      {
        name: "Ana Souza",
        email: "ana@example.com",
        category: "product",
        subject: "Sobre a minha peça de outubro",
        description: "Quando a peça do meu pedido fica pronta para envio?",
        orderId: order.id,
      },
      true,
    )
    type Mine = { trackingCode: string; certificates: { code: string }[] }
    const myOrder = () => trpc<Mine>(ana.page, "myOrders.get", { orderId: order.id })
    // The certificate is issued by the payment's event, just after.
    await expect.poll(async () => (await myOrder()).certificates.length, { timeout: 30_000 }).toBe(1)
    const mine = await myOrder()
    const certificate = mine.certificates[0]?.code ?? ""

    const collections = await trpc<{ id: string; slug: string }[]>(ana.page, "catalog.collections")
    const paths = [
      "/",
      "/colecoes",
      "/colecoes?fase=atual",
      ...collections.flatMap((c) => [`/colecoes/${c.slug}`, `/colecoes/${c.slug}/personagens`]),
      ...october.map((id) => `/character/${id}`),
      "/ranking",
      `/profile/${anaId}`,
      "/trocas",
      `/rastrear?codigo=${mine.trackingCode}`,
      `/certificado/${certificate}`,
      "/planos",
      "/como-funciona",
      "/faq",
      "/achievements",
      "/missions",
      "/support",
      "/terms",
      "/privacy",
      "/auth/login",
      "/auth/register",
      "/assinatura",
      "/perfil",
    ]
    const feeds = collections.map((c) => `/colecoes/${c.id}/calendario.ics`)
    const crawled = new Set<string>()
    const called = new Set<string>()
    const sweep = async (reader: Page) =>
      received(reader, async () => {
        for (const path of paths) {
          await go(reader, store.url, path)
          await reader.waitForLoadState("networkidle")
          crawled.add(new URL(reader.url()).pathname)
        }
        for (const feed of feeds) await reader.evaluate((f) => fetch(f).then((r) => r.text()), feed)
        // The public procedures no page of the sweep calls by itself, called as a client could.
        const calls: [string, unknown][] = [
          ["shelf.get", { userId: anaId }],
          ["favourites.community", { productId: bought }],
          ["communityProfiles.profile", { userId: anaId }],
          ["communityProfiles.ranking", { sort: "score" }],
          ["tracking.lookup", { code: mine.trackingCode }],
          ["certificates.get", { code: certificate }],
          ["waitlist.status", { productId: bought }],
          ["account.heldEditions", undefined],
          ["account.cardMarks", undefined],
          ["account.subscribedCollections", undefined],
          ["subscriptions.plans", { collectionId: subscription.id }],
          ...october.map((id): [string, unknown] => ["catalog.character", { id }]),
          ...collections.map((c): [string, unknown] => ["catalog.collection", { id: c.slug }]),
        ]
        for (const [procedure, input] of calls) {
          called.add(procedure)
          await trpc(reader, procedure, input).catch(() => undefined)
        }
      })

    const visitor = await newPage()
    const bia = await newPage()
    await signIn(bia.page, store.url, "bia@example.com", "Segura123")
    await bia.page.waitForURL("**/perfil")
    const readBefore = [...(await sweep(visitor.page)), ...(await sweep(bia.page))]
    // Ana's own cards too: her piece, offered for trade, stays a mystery to her until the reveal.
    const cardPages = ["/", "/colecoes", ...collections.map((c) => `/colecoes/${c.slug}`)]
    readBefore.push(
      ...(await received(ana.page, async () => {
        for (const path of cardPages) {
          await go(ana.page, store.url, path)
          await ana.page.waitForLoadState("networkidle")
        }
      })),
    )
    // The month's tab of the catalogue lists it (a collection's own page lists only revealed characters).
    readBefore.push(
      ...(await received(ana.page, async () => {
        await go(ana.page, store.url, `/colecoes?fase=atual&colecao=${boughtFrom.slug}`)
        await ana.page.waitForLoadState("networkidle")
      })),
    )
    const herCard = ana.page
      .getByTestId("character-card")
      .filter({ has: ana.page.locator(`a[href="/character/${bought}"]`) })
    expect(await herCard.getAttribute("data-state")).toMatch(/^(hidden|teased)$/)
    // Another collector meets her piece in the trade screens too.
    readBefore.push(
      ...(await received(bia.page, async () => {
        await trpc(bia.page, "trades.target", { pieceId: piece?.id }).catch(() => undefined)
      })),
    )
    for (const url of readBefore.map((r) => new URL(r.url)))
      if (url.pathname.startsWith("/api/trpc/"))
        for (const name of url.pathname.slice("/api/trpc/".length).split(",")) called.add(name)

    // Her public profile's trail names her as public pages do, not by her account id.
    await go(visitor.page, store.url, `/profile/${anaId}`)
    const trail = await visitor.page.getByRole("navigation", { name: "Você está em" }).innerText()
    expect(trail).toContain("Ana S.")
    expect(trail).not.toContain(anaId)

    // Every page and public procedure is crawled or set aside with its reason.
    const pages = routeFiles("web/routes").filter((file) => !(file in NOT_CRAWLED))
    expect(pages.length).toBeGreaterThan(15)
    const uncrawled = pages.filter((file) => {
      const pattern = new RegExp(
        `^/${file
          .replace(/\.tsx$/, "")
          .replace(/(^|\/)index$/, "")
          .replace(/\$[A-Za-z]+/g, "[^/]+")}/?$`,
      )
      return ![...crawled].some((path) => pattern.test(path))
    })
    expect(uncrawled).toEqual([])
    expect(publicProcedures().filter((name) => !called.has(name) && !(name in NOT_CALLED))).toEqual([])

    // Then the reveal: the same store, its clock past noon on the 15th.
    await store.stop()
    store = await startStore(AFTER_REVEAL)
    const revealed = await newPage()
    const secrets: Secret[] = []
    for (const id of october) {
      await go(revealed.page, store.url, `/character/${id}`)
      const { character } = await trpc<{ character: Secret & { revealed: boolean } }>(
        revealed.page,
        "catalog.character",
        { id },
      )
      expect(character.revealed).toBe(true)
      secrets.push({ id, name: character.name, slug: character.slug, imageUrl: character.imageUrl })
    }
    const leaks = readBefore.flatMap(({ url, body }) =>
      secrets.flatMap((s) =>
        [s.name, `/${s.slug}`, `"${s.slug}"`, s.imageUrl]
          .filter((secret) => body.includes(secret))
          .map((secret) => `${new URL(url).pathname}: ${secret}`),
      ),
    )
    expect([...new Set(leaks)]).toEqual([])

    // After the reveal the same public reads name them: her shelf, the character pages, the certificate.
    const after = (
      await received(revealed.page, async () => {
        for (const path of [`/profile/${anaId}`, `/certificado/${certificate}`, `/character/${bought}`]) {
          await go(revealed.page, store.url, path)
          await revealed.page.waitForLoadState("networkidle")
        }
      })
    )
      .map((r) => r.body)
      .join("\n")
    const boughtName = secrets.find((s) => s.id === bought)?.name ?? "?"
    expect(after).toContain(boughtName)
    for (const context of [ana.context, visitor.context, bia.context, revealed.context]) await context.close()
  }, 600_000)
})
