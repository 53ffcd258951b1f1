import { useQuery, useQueryClient } from "@tanstack/react-query"
import { createFileRoute, Link, useNavigate } from "@tanstack/react-router"
import { useMachine } from "@xstate/react"
import { Check, PackageOpen, ShoppingBag, Sparkles } from "lucide-react"
import { useEffect, useMemo, useRef, useState } from "react"
import { fromPromise } from "xstate"
import { type CardFields, cardFieldsFor } from "../lib/cardFields"
import { useCart } from "../lib/cart"
import { formatBRL } from "../lib/format"
import { requireSignIn } from "../lib/guards"
import { optionalString } from "../lib/search"
import { seo } from "../lib/seo"
import { readStoredCep } from "../lib/storedCep"
import type { RouterOutputs } from "../lib/trpc"
import { type CheckoutStep, checkoutMachine, type ResumePoint } from "../machines/checkout"
import { Spinner, StepError } from "./-checkout/fields"
import { chosenTotals } from "./-checkout/methodTotals"
import { AddressStep, PaymentStep, ReviewStep, ShippingStep } from "./-checkout/steps"
import { OrderSummary, type SummaryData } from "./-checkout/summary"

interface CheckoutSearch {
  collection?: string
  /** A prepaid plan's id; any text, so an unknown or switched-off plan is told as such, not ignored. */
  period?: string
  /** An order to pay again after a refusal (from /payment-success or the refusal e-mail). */
  pedido?: string
  /** The step the customer is on, with its address and shipping: a reload goes back there when it can. */
  etapa?: StepSlug
  endereco?: string
  frete?: string
}

/** The steps as the address bar names them (the first step has none). */
const STEP_SLUGS = { shipping: "entrega", payment: "pagamento", review: "revisao" } as const
type StepSlug = (typeof STEP_SLUGS)[keyof typeof STEP_SLUGS]
const stepOfSlug = (slug: string | undefined): CheckoutStep =>
  (Object.entries(STEP_SLUGS).find(([, s]) => s === slug)?.[0] as CheckoutStep | undefined) ?? "address"

export const Route = createFileRoute("/checkout")({
  validateSearch: (search: Record<string, unknown>): CheckoutSearch => ({
    collection: optionalString(search.collection, 64),
    period: optionalString(search.period, 40),
    pedido: optionalString(search.pedido, 64),
    etapa: Object.values(STEP_SLUGS).find((s) => s === search.etapa),
    endereco: optionalString(search.endereco, 64),
    frete: optionalString(search.frete, 64),
  }),
  beforeLoad: ({ context, location }) => requireSignIn(context, location),
  loaderDeps: ({ search }) => ({ collection: search.collection, period: search.period }),
  loader: async ({ context, deps }) => {
    // Rendered with the page, so the first step shows without a request from the browser.
    const wanted =
      deps.collection && deps.period ? { collectionId: deps.collection, planId: deps.period } : null
    const [, plan] = await Promise.all([
      context.trpc.checkout.start.ensureData(),
      wanted
        ? context.trpc.checkout.plan
            .ensureData(wanted)
            .then((quote) => ({ quote, error: null }))
            .catch((error: unknown) => ({ quote: null, error: messageOf(error) }))
        : null,
    ])
    return { wanted, plan }
  },
  head: ({ match }) => ({
    ...seo({
      title: "Finalizar Compra",
      description: "Endereço, entrega e pagamento do seu pedido Legendarium.",
      path: "/checkout",
      publicUrl: match.context.publicUrl,
    }),
    meta: [{ title: "Finalizar Compra | Legendarium" }, { name: "robots", content: "noindex" }],
  }),
  component: CheckoutPage,
})

type PlanQuote = RouterOutputs["checkout"]["plan"]

const messageOf = (error: unknown) =>
  error instanceof Error && error.message ? error.message : "Plano não encontrado"

const STEPS: readonly { id: CheckoutStep; label: string }[] = [
  { id: "address", label: "Endereço" },
  { id: "shipping", label: "Entrega" },
  { id: "payment", label: "Pagamento" },
  { id: "review", label: "Revisão" },
]

function CheckoutPage() {
  const { pedido, etapa, endereco, frete } = Route.useSearch()
  // Read once: the machine starts there; later changes to the address bar are the machine's own.
  const [resume] = useState<ResumePoint>(() => ({
    step: stepOfSlug(etapa),
    addressId: endereco ?? null,
    shippingOptionId: frete ?? null,
  }))
  const { wanted, plan } = Route.useLoaderData()
  const cart = useCart()
  const lines = cart.data?.lines ?? []
  // A plan is bought on its own: the cart (empty or not) waits for another checkout.
  const buyingPlan = !pedido && wanted !== null
  const emptyCart = !pedido && !buyingPlan && !cart.loading && lines.length === 0
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="text-3xl font-bold tracking-tight">Finalizar Compra</h1>
      {buyingPlan && plan?.quote ? <PlanNotice plan={plan.quote} /> : null}
      {buyingPlan ? (
        plan?.quote ? (
          <Checkout orderId={null} plan={wanted} quote={plan.quote} resume={resume} />
        ) : (
          <PlanUnavailable message={plan?.error ?? "Plano não encontrado"} />
        )
      ) : emptyCart ? (
        <EmptyCart />
      ) : (
        <Checkout orderId={pedido ?? null} plan={null} quote={null} resume={resume} />
      )}
    </div>
  )
}

function PlanNotice({ plan }: { plan: PlanQuote }) {
  return (
    <section
      aria-labelledby="plan-notice-title"
      className="mt-6 flex flex-col gap-3 rounded-2xl border border-[var(--accent)] surface p-5 sm:flex-row sm:items-center"
    >
      <Sparkles aria-hidden className="h-6 w-6 shrink-0 text-accent" />
      <div className="flex-1 text-sm">
        <h2 id="plan-notice-title" className="text-base font-semibold">
          {plan.label}
        </h2>
        <p className="mt-1">
          {plan.months} {plan.months === 1 ? "mês" : "meses"} por <strong>{formatBRL(plan.total)}</strong> (
          {formatBRL(plan.perMonth)} por mês, {plan.discountPercent}% de desconto). Um personagem por mês, com
          frete grátis; pagamento único, sem renovação automática.
        </p>
      </div>
      <Link to="/planos" search={{ colecao: plan.collectionId }} className="btn btn-ghost shrink-0">
        Trocar de plano
      </Link>
    </section>
  )
}

function PlanUnavailable({ message }: { message: string }) {
  return (
    <section className="mx-auto max-w-xl py-16 text-center" aria-labelledby="plan-unavailable-title">
      <PackageOpen aria-hidden className="mx-auto h-12 w-12 text-accent" />
      <h2 id="plan-unavailable-title" className="mt-4 text-2xl font-bold">
        Plano indisponível
      </h2>
      <p className="mt-2 text-muted" role="alert">
        {message}
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/planos" className="btn btn-primary">
          Ver planos
        </Link>
      </div>
    </section>
  )
}

function EmptyCart() {
  return (
    <section className="mx-auto max-w-xl py-16 text-center">
      <ShoppingBag aria-hidden className="mx-auto h-12 w-12 text-accent" />
      <h2 className="mt-4 text-2xl font-bold">Seu carrinho está vazio</h2>
      <p className="mt-2 text-muted">
        Escolha o personagem do mês ou uma edição anterior para finalizar a compra.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/colecoes" className="btn btn-primary">
          Ver coleções
        </Link>
        <Link to="/carrinho" className="btn btn-ghost">
          Ir para o carrinho
        </Link>
      </div>
    </section>
  )
}

/** The card fields for the gateway the store runs with: Mercado Pago's Secure Fields, or the sandbox's. */
function useCardFields(start: RouterOutputs["checkout"]["start"] | undefined): CardFields | null {
  const publicKey = start ? start.publicKey : undefined
  return useMemo(() => (publicKey === undefined ? null : cardFieldsFor({ publicKey })), [publicKey])
}

function Checkout({
  orderId,
  plan,
  quote,
  resume,
}: {
  orderId: string | null
  plan: { collectionId: string; planId: string } | null
  quote: PlanQuote | null
  resume: ResumePoint
}) {
  const { trpc, trpcClient } = Route.useRouteContext()
  const cart = useCart()
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const start = useQuery(trpc.checkout.start.queryOptions()).data
  const cardFields = useCardFields(start)
  const cardFieldsRef = useRef(cardFields)
  cardFieldsRef.current = cardFields
  // The start data names the cart's coupon: a later visit to the checkout asks for it again.
  const forgetStart = () =>
    void queryClient.invalidateQueries({ queryKey: trpc.checkout.start.queryKey(undefined) })

  const [state, send] = useMachine(
    checkoutMachine.provide({
      actors: {
        loadStart: fromPromise(() => queryClient.fetchQuery(trpc.checkout.start.queryOptions())),
        loadOrder: fromPromise(({ input }) => trpcClient.orders.get.query({ id: input.orderId })),
        price: fromPromise(({ input }) => trpcClient.checkout.price.query(input)),
        applyCoupon: fromPromise(({ input }) =>
          trpcClient.checkout.applyCoupon.mutate(input).finally(forgetStart),
        ),
        removeCoupon: fromPromise(({ input }) =>
          trpcClient.checkout.removeCoupon.mutate(input).finally(forgetStart),
        ),
        saveAddress: fromPromise(async ({ input }) => {
          const saved = await trpcClient.profile.saveAddress.mutate(input)
          void queryClient.invalidateQueries({ queryKey: trpc.checkout.start.queryKey(undefined) })
          return saved
        }),
        lookupCep: fromPromise(({ input }) => trpcClient.shipping.lookupCep.query(input)),
        tokenizeCard: fromPromise(({ input }) => {
          const current = cardFieldsRef.current
          if (!current) throw new Error("Formulário de cartão não inicializado")
          return current.createToken(input)
        }),
        loadInstallments: fromPromise(async ({ input }) => [
          ...(await trpcClient.checkout.installments.query(input)),
        ]),
        placeOrder: fromPromise(async ({ input }) => {
          const placed = await trpcClient.checkout.placeOrder.mutate(input)
          // A PIX or boleto to pay took the order's lines out of the cart on the server, as payment does.
          void queryClient.invalidateQueries({ queryKey: trpc.cart.mine.queryKey(undefined) })
          return placed
        }),
        payOrder: fromPromise(({ input }) => trpcClient.checkout.payOrder.mutate(input)),
        pollOrder: fromPromise(({ input }) => trpcClient.orders.get.query({ id: input.orderId })),
      },
      actions: {
        showResult: (_, { orderId }) => {
          // A paid order left the cart on the server; the header's count must follow.
          void queryClient.invalidateQueries({ queryKey: trpc.cart.mine.queryKey(undefined) })
          void navigate({ to: "/payment-success", search: { pedido: orderId } })
        },
        redirectTo: (_, { url }) => window.location.assign(url),
      },
    }),
    // The cart's CEP starts a new address; a reload starts where the address bar says, as far as it can.
    { input: { orderId, plan, cep: readStoredCep(), resume } },
  )

  const step = stepOf(state)
  useStepInAddressBar(
    orderId === null && !state.matches("loading") && !state.matches("loaded") && !state.matches("restoring")
      ? step
      : null,
    state.context.addressId,
    state.context.shippingOptionId,
  )

  // Focus follows the step: a keyboard or screen-reader user lands on the new step's heading.
  const firstStep = useRef(true)
  const stepKey = `${step}:${state.matches({ address: "form" }) ? "form" : ""}`
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the step changes, by design
  useEffect(() => {
    if (firstStep.current) {
      firstStep.current = false
      return
    }
    const heading = document.getElementById("checkout-step-heading")
    heading?.focus()
    heading?.scrollIntoView({ block: "nearest" })
  }, [stepKey])

  // The server renders this state (the machine starts by loading): holding the height of a step keeps the footer
  // below the fold from the first paint, so the step arriving on hydration shifts nothing in view.
  if (state.matches("loading") || state.matches("loadingOrder") || state.matches("restoring"))
    return (
      <div className="mt-10 min-h-[75vh]">
        <p className="flex items-center gap-2 text-muted" role="status">
          <Spinner /> Carregando checkout...
        </p>
      </div>
    )
  if (state.matches("loadFailed"))
    return (
      <section className="mx-auto max-w-xl py-12 text-center">
        <PackageOpen aria-hidden className="mx-auto h-12 w-12 text-accent" />
        <h2 id="checkout-step-heading" tabIndex={-1} className="mt-4 text-2xl font-bold outline-none">
          {state.context.errors.review === "Pedido não encontrado"
            ? "Pedido não encontrado"
            : "Algo deu errado"}
        </h2>
        <StepError
          message={
            state.context.errors.review === "Pedido não encontrado" ? null : state.context.errors.review
          }
        />
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          {state.context.errors.review !== "Pedido não encontrado" && (
            <button type="button" className="btn btn-primary" onClick={() => send({ type: "RETRY" })}>
              Tentar novamente
            </button>
          )}
          <Link to="/perfil" search={{ tab: "orders" }} className="btn btn-ghost">
            Meus pedidos
          </Link>
        </div>
      </section>
    )

  const summary = summaryOf(state.context, quote) ?? (quote ? planSummary(quote) : cartSummary(cart.data))
  // Away from the coupon field, why the cart's coupon was taken off is said beside the totals.
  const couponNote = step === "shipping" ? null : (state.context.fieldErrors.coupon ?? null)
  const sandbox = state.context.start?.gateway === "sandbox"
  return (
    <>
      <StepIndicator current={step} retrying={state.context.orderId !== null} />
      {/* grid-cols-1 is minmax(0, 1fr): a long name or amount cannot widen the column past a phone's screen. */}
      <div className="mt-6 grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,1fr)_380px]">
        <section className="rounded-2xl surface p-5 sm:p-7" aria-labelledby="checkout-step-heading">
          {step === "address" && <AddressStep state={state} send={send} />}
          {step === "shipping" && <ShippingStep state={state} send={send} />}
          {(step === "payment" || step === "review") && (
            <PaymentStep
              state={state}
              send={send}
              sandbox={sandbox}
              cardFields={cardFields}
              hidden={step === "review"}
            />
          )}
          {step === "review" && <ReviewStep state={state} send={send} />}
        </section>
        <OrderSummary
          data={summary}
          pending={
            state.matches({ shipping: "pricing" }) ||
            state.matches({ shipping: "applyingCoupon" }) ||
            state.matches({ shipping: "removingCoupon" }) ||
            state.matches("restoring")
          }
          couponNote={couponNote}
        />
      </div>
    </>
  )
}

/**
 * Keeps the step, address and shipping in the address bar (replacing the entry, so Back leaves the checkout),
 * for a reload to come back to them. Null: nothing to keep yet (still loading, or an order paid again).
 */
function useStepInAddressBar(step: CheckoutStep | null, addressId: string | null, shippingId: string | null) {
  const navigate = Route.useNavigate()
  useEffect(() => {
    if (step === null) return
    const later = step !== "address"
    void navigate({
      search: (prev) => ({
        ...prev,
        etapa: later ? STEP_SLUGS[step] : undefined,
        endereco: later ? (addressId ?? undefined) : undefined,
        frete: step === "payment" || step === "review" ? (shippingId ?? undefined) : undefined,
      }),
      replace: true,
      resetScroll: false,
    })
  }, [step, addressId, shippingId, navigate])
}

function stepOf(state: ReturnType<typeof useMachine<typeof checkoutMachine>>[0]): CheckoutStep {
  if (state.matches("address")) return "address"
  if (state.matches("shipping")) return "shipping"
  if (state.matches("payment")) return "payment"
  return "review"
}

function summaryOf(
  context: ReturnType<typeof useMachine<typeof checkoutMachine>>[0]["context"],
  quote: PlanQuote | null,
): SummaryData | null {
  const order = context.retryOrder
  const chosen = chosenTotals(context)
  if (order)
    return {
      lines: order.lines,
      totals: chosen?.totals ?? order.totals,
      pixPercent: chosen?.pixPercent ?? null,
      couponCode: order.couponCode,
      shippingName: order.shipping.name,
      plan: order.plan,
    }
  const priced = context.priced
  if (!priced) return null
  return {
    lines: priced.lines.filter((l) => l.buyable),
    totals: chosen?.totals ?? priced.totals,
    pixPercent: chosen?.pixPercent ?? null,
    couponCode: priced.coupon?.code ?? null,
    shippingName: priced.shipping?.name ?? null,
    plan:
      priced.plan && quote
        ? { label: quote.label, months: quote.months, firstMonthNote: priced.plan.firstMonthNote }
        : null,
  }
}

/** Before the address is chosen the summary shows the plan as the server priced it for the page. */
function planSummary(quote: PlanQuote): SummaryData {
  return {
    lines: [],
    totals: { subtotal: quote.gross, discount: quote.discount, shipping: 0, total: quote.total },
    couponCode: null,
    shippingName: null,
    plan: { label: quote.label, months: quote.months },
  }
}

/** Before the address is priced the summary shows the cart; shipping comes with the next step. */
function cartSummary(cart: ReturnType<typeof useCart>["data"]): SummaryData | null {
  if (!cart || cart.lines.length === 0) return null
  const subtotal = cart.totals.subtotal
  return {
    lines: cart.lines.filter((l) => l.buyable),
    totals: { subtotal, discount: 0, shipping: 0, total: subtotal },
    couponCode: null,
    shippingName: null,
    plan: null,
  }
}

function StepIndicator({ current, retrying }: { current: CheckoutStep; retrying: boolean }) {
  const index = STEPS.findIndex((s) => s.id === current)
  return (
    <nav aria-label="Etapas da compra" className="mt-6">
      <ol className="grid grid-cols-4 gap-2">
        {STEPS.map((s, i) => {
          const done = i < index || (retrying && i < 2)
          const active = i === index
          return (
            <li key={s.id} aria-current={active ? "step" : undefined} className="flex flex-col gap-2">
              <span
                aria-hidden
                className={`h-1.5 rounded-full ${done || active ? "bg-[var(--accent)]" : "surface-2"}`}
              />
              <span
                // On a 320 px phone "✓ Pagamento" is wider than its quarter: the check goes above the word.
                className={`flex flex-wrap items-center gap-x-1.5 text-xs font-medium sm:text-sm ${active ? "" : "text-muted"}`}
              >
                {done ? (
                  <Check aria-hidden className="h-3.5 w-3.5 shrink-0 text-accent" />
                ) : (
                  <span aria-hidden className="hidden sm:inline">
                    {i + 1}.
                  </span>
                )}
                {s.label}
                {done && <span className="sr-only"> (concluída)</span>}
              </span>
            </li>
          )
        })}
      </ol>
    </nav>
  )
}
