import { Effect } from "effect"
import { Hono } from "hono"
import { z } from "zod"
import { checkoutPage, notFoundPage, paymentPage, preapprovalPage } from "./pages"
import type { SandboxBank } from "./SandboxBank"
import type { SandboxSubscriptions } from "./SandboxSubscriptions"

export interface SandboxRoutesOptions {
  readonly bank: SandboxBank
  /**
   * Whether a POST comes from the store's own pages (the server's `sameOrigin`: Origin among the trusted
   * origins, else `Sec-Fetch-Site: same-origin`). The simulation buttons change payments: no other site may
   * press them for a visitor.
   */
  readonly sameOrigin: (request: Request) => boolean
  /**
   * Whether the request comes from the buyer of the order (or the subscriber) a page belongs to: anyone else
   * gets the same 404 as for an id that does not exist, so a page's id tells nothing to whoever holds it.
   */
  readonly owns: (request: Request, item: SandboxItem) => Promise<boolean>
  /** The recurring authorisations, for their page; left out, the page does not exist. */
  readonly subscriptions?: SandboxSubscriptions
}

/** What a sandbox page belongs to: a store order (payments, Checkout Pro) or a subscription (preapprovals). */
export type SandboxItem = { readonly orderId: string } | { readonly subscriptionId: string }

// MercadoPago.js's createCardToken field names, so the checkout calls both the same way.
const CardTokenBody = z.object({
  cardNumber: z.string().max(30),
  cardholderName: z.string().max(100),
  cardExpirationMonth: z.union([z.string(), z.number()]).transform(Number),
  cardExpirationYear: z.union([z.string(), z.number()]).transform(Number),
  securityCode: z.string().max(4),
  identificationType: z.literal("CPF").optional(),
  identificationNumber: z.string().max(20),
})

const MESSAGES = {
  paid: "Pagamento simulado: aprovado.",
  expired: "Expiração simulada: o pagamento não pode mais ser feito.",
  not_pending: "Este pagamento não está mais pendente.",
  too_late: "O prazo deste pagamento terminou; ele não pode mais ser pago.",
} as const

const SUBSCRIPTION_MESSAGES = {
  renewed: "Renovação simulada: o próximo ciclo foi cobrado com o cartão atual.",
  retried: "Nova tentativa simulada com o cartão atual.",
  not_authorized: "Esta assinatura não está autorizada: nada foi cobrado.",
  nothing_to_retry: "Não há cobrança recusada com tentativas restantes.",
} as const

/**
 * The sandbox's HTTP surface, to mount at `/sandbox`: the card tokenizer (in place of MercadoPago.js), the
 * payment page with its simulation buttons, and the Checkout Pro stand-in.
 */
export function sandboxRoutes({ bank, sameOrigin, owns, subscriptions }: SandboxRoutesOptions) {
  const app = new Hono()
  const run = <A>(effect: Effect.Effect<A>) => Effect.runPromise(effect)
  const forbidden = () => new Response("Origem não permitida", { status: 403 })
  /** The payment when the request's buyer owns it, else null (a 404 either way). */
  const ownPayment = async (request: Request, id: string) => {
    const row = await run(bank.paymentRow(id))
    return row && (await owns(request, { orderId: row.order_id })) ? row : null
  }
  const ownPreference = async (request: Request, id: string) => {
    const pref = await run(bank.preference(id))
    return pref && (await owns(request, { orderId: pref.order_id })) ? pref : null
  }

  app.post("/card-tokens", async (c) => {
    if (!sameOrigin(c.req.raw)) return c.json({ error: { message: "Origem não permitida" } }, 403)
    const parsed = CardTokenBody.safeParse(await c.req.json().catch(() => null))
    if (!parsed.success) return c.json({ error: { message: "Dados do cartão inválidos" } }, 400)
    const body = parsed.data
    const result = await run(
      bank.tokenize({
        cardNumber: body.cardNumber,
        cardholderName: body.cardholderName,
        expirationMonth: body.cardExpirationMonth,
        expirationYear: body.cardExpirationYear,
        securityCode: body.securityCode,
        cpf: body.identificationNumber.replace(/\D/g, ""),
      }),
    )
    if (!result.ok) return c.json({ error: { message: result.message, field: result.field } }, 400)
    return c.json(result.token, 201)
  })

  app.get("/pagamentos/:id", async (c) => {
    const row = await ownPayment(c.req.raw, c.req.param("id"))
    if (!row) return c.html(notFoundPage(), 404)
    const flash = c.req.query("aviso") as keyof typeof MESSAGES | undefined
    c.header("Cache-Control", "no-store")
    return c.html(paymentPage(row, flash && flash in MESSAGES ? MESSAGES[flash] : null))
  })

  const pageWith = (id: string, notice: keyof typeof MESSAGES) =>
    `/sandbox/pagamentos/${encodeURIComponent(id)}?aviso=${notice}`

  app.post("/pagamentos/:id/simular-pagamento", async (c) => {
    if (!sameOrigin(c.req.raw)) return forbidden()
    const id = c.req.param("id")
    if (!(await ownPayment(c.req.raw, id))) return c.html(notFoundPage(), 404)
    const result = await run(bank.simulatePayment(id))
    if (!result.ok && result.reason === "not_found") return c.html(notFoundPage(), 404)
    const notice = result.ok ? "paid" : result.reason === "expired" ? "too_late" : "not_pending"
    return c.redirect(pageWith(id, notice), 303)
  })

  app.post("/pagamentos/:id/simular-expiracao", async (c) => {
    if (!sameOrigin(c.req.raw)) return forbidden()
    const id = c.req.param("id")
    if (!(await ownPayment(c.req.raw, id))) return c.html(notFoundPage(), 404)
    const result = await run(bank.simulateExpiry(id))
    if (!result.ok && result.reason === "not_found") return c.html(notFoundPage(), 404)
    return c.redirect(pageWith(id, result.ok ? "expired" : "not_pending"), 303)
  })

  app.get("/checkout/:id", async (c) => {
    const pref = await ownPreference(c.req.raw, c.req.param("id"))
    if (!pref) return c.html(notFoundPage(), 404)
    c.header("Cache-Control", "no-store")
    return c.html(checkoutPage(pref, pref.expires_at.getTime() <= bank.now()))
  })

  app.post("/checkout/:id/pagar", async (c) => {
    if (!sameOrigin(c.req.raw)) return forbidden()
    if (!(await ownPreference(c.req.raw, c.req.param("id")))) return c.html(notFoundPage(), 404)
    const paid = await run(bank.payPreference(c.req.param("id")))
    if (!paid) return c.html(notFoundPage(), 404)
    if (paid.expired) return c.html(checkoutPage(paid.preference, true), 410)
    // The query Mercado Pago adds to the back URL after Checkout Pro.
    const back = new URL(paid.preference.back_url, bank.publicUrl)
    back.searchParams.set("collection_id", paid.payment.id)
    back.searchParams.set("collection_status", paid.payment.status)
    back.searchParams.set("payment_id", paid.payment.id)
    back.searchParams.set("status", paid.payment.status)
    back.searchParams.set("external_reference", paid.preference.order_id)
    back.searchParams.set("preference_id", paid.preference.id)
    return c.redirect(back.toString(), 303)
  })

  if (subscriptions) {
    const subscriptionPage = (id: string, notice: keyof typeof SUBSCRIPTION_MESSAGES) =>
      `/sandbox/assinaturas/${encodeURIComponent(id)}?aviso=${notice}`

    /** The preapproval's page when the request's subscriber owns it, else null (a 404 either way). */
    const ownPreapproval = async (request: Request, id: string) => {
      const found = await run(subscriptions.preapprovalPage(id))
      return found && (await owns(request, { subscriptionId: found.preapproval.subscription_id }))
        ? found
        : null
    }

    app.get("/assinaturas/:id", async (c) => {
      const found = await ownPreapproval(c.req.raw, c.req.param("id"))
      if (!found) return c.html(notFoundPage(), 404)
      const flash = c.req.query("aviso") as keyof typeof SUBSCRIPTION_MESSAGES | undefined
      c.header("Cache-Control", "no-store")
      return c.html(
        preapprovalPage(
          found.preapproval,
          found.charges,
          flash && flash in SUBSCRIPTION_MESSAGES ? SUBSCRIPTION_MESSAGES[flash] : null,
        ),
      )
    })

    app.post("/assinaturas/:id/simular-renovacao", async (c) => {
      if (!sameOrigin(c.req.raw)) return forbidden()
      const id = c.req.param("id")
      if (!(await ownPreapproval(c.req.raw, id))) return c.html(notFoundPage(), 404)
      const renewed = await run(subscriptions.simulateRenewal(id))
      return c.redirect(subscriptionPage(id, renewed ? "renewed" : "not_authorized"), 303)
    })

    app.post("/assinaturas/:id/simular-nova-tentativa", async (c) => {
      if (!sameOrigin(c.req.raw)) return forbidden()
      const id = c.req.param("id")
      if (!(await ownPreapproval(c.req.raw, id))) return c.html(notFoundPage(), 404)
      const retried = await run(subscriptions.simulateRetry(id))
      return c.redirect(subscriptionPage(id, retried ? "retried" : "nothing_to_retry"), 303)
    })
  }

  return app
}
