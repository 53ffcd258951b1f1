import { createFileRoute, Link, useNavigate } from "@tanstack/react-router"
import { Minus, Plus, ShoppingBag, Trash2, Truck } from "lucide-react"
import { useEffect, useId, useRef, useState } from "react"
import { formatDateBR, toSaoPauloCivil } from "../../domain/calendar"
import { CART_MESSAGES, checkoutGate, MAX_QUANTITY } from "../../domain/cart/cart"
import { normalizeQuantity } from "../../domain/cart/cartQuantity"
import { editionRoomMessage } from "../../domain/editions/editionLimit"
import { maskCepInput } from "../../domain/shipping/postal"
import { leadTimeFor, shipDate } from "../../domain/shipping/schedule"
import { FREE_SHIPPING_LABEL } from "../../domain/shipping/shipping"
import { ToneBadge } from "../components/Badges"
import { CartPaymentTerms } from "../components/CartPaymentTerms"
import { Img } from "../components/Img"
import { LineProblem } from "../components/LineProblem"
import { useCart } from "../lib/cart"
import { formatBRL } from "../lib/format"
import { useGuestCart } from "../lib/guestCart"
import { seo } from "../lib/seo"
import { useShippingQuote } from "../lib/shipping"
import { storeNow } from "../lib/storeClock"
import { readStoredCep, storeCep } from "../lib/storedCep"
import { toast } from "../lib/toast"

export const Route = createFileRoute("/carrinho")({
  head: ({ match }) => ({
    ...seo({
      title: "Carrinho",
      description: "Seu carrinho na Legendarium.",
      path: "/carrinho",
      publicUrl: match.context.publicUrl,
    }),
  }),
  component: CartPage,
})

function CartPage() {
  const cart = useCart()
  const lines = cart.data?.lines ?? []
  if (cart.loading) return <p className="px-4 py-20 text-center text-muted">Carregando carrinho...</p>
  if (lines.length === 0) {
    return (
      <section className="mx-auto max-w-xl px-4 py-20 text-center">
        <ShoppingBag aria-hidden className="mx-auto h-12 w-12 text-accent" />
        <h1 className="mt-4 text-3xl font-bold">{CART_MESSAGES.emptyTitle}</h1>
        <p className="mt-2 text-muted">Que tal garantir o personagem do mês antes da revelação?</p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Link to="/colecoes" className="btn btn-primary">
            Ver coleções
          </Link>
          <Link to="/" className="btn btn-ghost">
            Ir para o início
          </Link>
        </div>
      </section>
    )
  }
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="text-3xl font-bold tracking-tight">Carrinho</h1>
      <div className="mt-8 grid gap-8 lg:grid-cols-[1fr_380px]">
        <section aria-label="Itens do carrinho">
          <ul className="grid gap-4">
            {lines.map((line) => (
              <li
                key={line.productId}
                className={`flex gap-4 rounded-2xl surface p-4 ${line.buyable ? "" : "opacity-70"}`}
                data-testid="cart-line"
              >
                {line.imageUrl ? (
                  <Img
                    src={line.imageUrl}
                    alt={line.name}
                    width={600}
                    height={800}
                    sizes="96px"
                    className="h-32 w-24 shrink-0 rounded-xl object-cover"
                  />
                ) : null}
                <div className="flex flex-1 flex-col gap-1">
                  <div className="flex flex-wrap gap-1.5">
                    {line.phaseLabel && <ToneBadge tone="info">{line.phaseLabel}</ToneBadge>}
                    {line.badge && <ToneBadge tone="neutral">{line.badge}</ToneBadge>}
                    {line.originalPrice > line.unitPrice && (
                      <ToneBadge tone="success">
                        -{Math.round((1 - line.unitPrice / line.originalPrice) * 100)}%
                      </ToneBadge>
                    )}
                  </div>
                  <h2 className="font-semibold">{line.name}</h2>
                  <p className="text-sm text-muted">{line.collectionName}</p>
                  {!line.buyable && (
                    <p role="status" className="text-sm font-medium text-red-700 dark:text-red-400">
                      Não disponível para compra: {line.reason}. Fora do total.
                    </p>
                  )}
                  <LineProblem text={line.limitProblem} />
                  <div className="mt-auto flex flex-wrap items-center justify-between gap-3 pt-2">
                    <Stepper
                      productId={line.productId}
                      name={line.name}
                      quantity={line.quantity}
                      max={Math.min(MAX_QUANTITY, line.maxQuantity ?? MAX_QUANTITY)}
                    />
                    <span className="text-right">
                      {line.originalPrice > line.unitPrice && (
                        <s className="mr-2 text-sm text-muted">{formatBRL(line.originalPrice)}</s>
                      )}
                      <strong>{formatBRL(line.unitPrice * line.quantity)}</strong>
                    </span>
                  </div>
                </div>
                <button
                  type="button"
                  className="self-start rounded-lg p-2 text-muted hover:surface-2"
                  aria-label={`Remover ${line.name}`}
                  onClick={() => cart.remove.mutate({ productId: line.productId })}
                >
                  <Trash2 aria-hidden className="h-5 w-5" />
                </button>
              </li>
            ))}
          </ul>
          {lines.length > 1 && (
            <button type="button" className="btn btn-ghost mt-4" onClick={() => cart.clear.mutate()}>
              Limpar Carrinho
            </button>
          )}
        </section>
        <Summary />
      </div>
    </div>
  )
}

/** `max`: the most this line may hold, the edition's per-collector limit less what the collector already has. */
function Stepper({
  productId,
  name,
  quantity,
  max,
}: {
  productId: string
  name: string
  quantity: number
  max: number
}) {
  const { update } = useCart()
  const [draft, setDraft] = useState(String(quantity))
  useEffect(() => setDraft(String(quantity)), [quantity])
  const set = (value: unknown) => {
    const wanted = normalizeQuantity(value)
    if (wanted === "remove") return update.mutate({ productId, quantity: value })
    if (wanted <= max) {
      // The field shows what the line will hold ('99' reads 10, the most of any item); a refused change (the
      // server's limit, counted from the collector's orders) puts back what it held.
      setDraft(String(wanted))
      update.mutate({ productId, quantity: wanted }, { onError: () => setDraft(String(quantity)) })
      return
    }
    // Past the edition's limit (below the most of any item) the line stops there, as '+' does, and says why.
    const capped = Math.max(max, Math.min(quantity, wanted))
    setDraft(String(capped))
    toast.warning("Limite por colecionador", { description: editionRoomMessage(max) })
    if (capped !== quantity) update.mutate({ productId, quantity: capped })
  }
  return (
    <fieldset className="flex items-center gap-1">
      <legend className="sr-only">Quantidade de {name}</legend>
      <button
        type="button"
        className="rounded-lg border border-theme p-2"
        aria-label="Diminuir quantidade"
        onClick={() => set(quantity - 1)}
      >
        <Minus aria-hidden className="h-4 w-4" />
      </button>
      <input
        className="h-10 w-14 rounded-lg border border-theme bg-[var(--surface)] text-center"
        inputMode="numeric"
        aria-label="Quantidade"
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={() => draft !== String(quantity) && set(draft)}
        onKeyDown={(e) => e.key === "Enter" && set(draft)}
      />
      <button
        type="button"
        className="rounded-lg border border-theme p-2 disabled:opacity-40"
        aria-label="Aumentar quantidade"
        disabled={quantity >= max}
        onClick={() => set(quantity + 1)}
      >
        <Plus aria-hidden className="h-4 w-4" />
      </button>
    </fieldset>
  )
}

function Summary() {
  const cart = useCart()
  const guest = useGuestCart()
  const navigate = useNavigate()
  const cepId = useId()
  const totals = cart.data?.totals ?? { items: 0, totalItems: 0, subtotal: 0, savings: 0 }
  const lines = cart.signedIn
    ? (cart.data?.lines ?? []).map((l) => ({ productId: l.productId, quantity: l.quantity }))
    : (guest ?? [])
  const shipping = useShippingQuote(lines)
  const [cep, setCep] = useState("")
  // The remembered CEP only fills an empty field: a shopper who typed before this ran keeps what they typed.
  useEffect(() => setCep((typed) => typed || maskCepInput(readStoredCep())), [])
  // It is also quoted again once the cart's lines are known: back from signing in (or after a reload) the
  // shipping the shopper had calculated is there, for the lines of the cart now held on the server.
  const quotedRemembered = useRef(false)
  const hasLines = lines.length > 0
  useEffect(() => {
    if (quotedRemembered.current || !hasLines) return
    const remembered = readStoredCep()
    if (!remembered) return
    quotedRemembered.current = true
    shipping.calculate(remembered, { quiet: true })
  }, [hasLines, shipping.calculate])
  const chosen = shipping.options.find((o) => o.id === shipping.selected) ?? null
  const today = toSaoPauloCivil(storeNow())

  const checkout = () => {
    const gate = checkoutGate({
      signedIn: cart.signedIn,
      shippingChosen: chosen !== null,
      lines: totals.items,
    })
    if (gate.ok) return void navigate({ href: "/checkout" })
    if (gate.reason === "login") {
      // The cart and CEP are already in this browser's storage; login brings the shopper back here.
      toast.info(CART_MESSAGES.loginRequired.title, { description: CART_MESSAGES.loginRequired.message })
      return void navigate({ to: "/auth/login", search: { from: "carrinho" } })
    }
    if (gate.reason === "shipping")
      toast.warning(CART_MESSAGES.shippingRequired.title, {
        description: CART_MESSAGES.shippingRequired.message,
      })
  }

  return (
    <aside className="h-fit rounded-2xl surface p-6" aria-labelledby="summary-title">
      <h2 id="summary-title" className="text-lg font-semibold">
        Resumo do pedido
      </h2>
      <dl className="mt-4 grid gap-2 text-sm">
        <div className="flex justify-between">
          <dt>
            Subtotal ({totals.totalItems} {totals.totalItems === 1 ? "item" : "itens"})
          </dt>
          <dd>{formatBRL(totals.subtotal)}</dd>
        </div>
      </dl>
      <form
        className="mt-5"
        noValidate
        onSubmit={(e) => {
          e.preventDefault()
          storeCep(cep.replace("-", ""))
          shipping.calculate(cep)
        }}
      >
        <label htmlFor={cepId} className="text-sm font-medium">
          Calcular frete (CEP)
        </label>
        <div className="mt-1 flex gap-2">
          <input
            id={cepId}
            inputMode="numeric"
            autoComplete="postal-code"
            placeholder="00000-000"
            maxLength={9}
            value={cep}
            onChange={(e) => setCep(maskCepInput(e.target.value))}
            aria-invalid={shipping.error ? true : undefined}
            aria-describedby={shipping.error ? `${cepId}-error` : undefined}
            className="min-h-11 w-full rounded-xl border border-theme bg-[var(--surface)] px-3"
          />
          <button type="submit" className="btn btn-ghost shrink-0" disabled={shipping.pending}>
            {shipping.pending ? "Calculando..." : "Calcular"}
          </button>
        </div>
        {shipping.error && (
          <p id={`${cepId}-error`} role="alert" className="mt-2 text-sm text-red-700 dark:text-red-400">
            {shipping.error}
          </p>
        )}
      </form>
      {shipping.options.length > 0 && (
        <fieldset className="mt-4 grid gap-2">
          <legend className="mb-1 text-sm font-medium">Opções de entrega para {shipping.cep}</legend>
          {shipping.options.map((o) => (
            <label
              key={o.id}
              className="flex cursor-pointer items-center justify-between gap-3 rounded-xl border border-theme p-3 text-sm has-[:checked]:border-[var(--accent)]"
            >
              <span className="flex items-center gap-2">
                <input
                  type="radio"
                  name="shipping"
                  checked={shipping.selected === o.id}
                  onChange={() => shipping.select(o.id)}
                />
                <span>
                  {o.name}
                  <span className="block text-xs text-muted">
                    {o.provider} · até {o.days} {o.days === 1 ? "dia útil" : "dias úteis"}
                  </span>
                </span>
              </span>
              <strong>{o.price === 0 ? FREE_SHIPPING_LABEL : formatBRL(o.price)}</strong>
            </label>
          ))}
        </fieldset>
      )}
      <dl className="mt-5 grid gap-2 border-t border-theme pt-4 text-sm">
        <div className="flex justify-between">
          <dt>Frete</dt>
          <dd>{chosen ? (chosen.price === 0 ? FREE_SHIPPING_LABEL : formatBRL(chosen.price)) : "—"}</dd>
        </div>
        <div className="flex justify-between text-base font-bold">
          <dt>Total</dt>
          <dd data-testid="cart-total">{formatBRL(totals.subtotal + (chosen?.price ?? 0))}</dd>
        </div>
      </dl>
      {cart.data?.prices && <CartPaymentTerms prices={cart.data.prices} shipping={chosen?.price ?? 0} />}
      <button type="button" className="btn btn-primary mt-6 w-full" onClick={checkout}>
        Finalizar Compra{cart.signedIn ? "" : " (Login Necessário)"}
      </button>
      <Link to="/colecoes" className="btn btn-ghost mt-3 w-full">
        Continuar comprando
      </Link>
      <div className="mt-6 rounded-xl surface-2 p-4 text-sm">
        <p className="flex items-center gap-2 font-semibold">
          <Truck aria-hidden className="h-4 w-4 text-accent" /> Envio
        </p>
        <p className="mt-2 text-muted">
          Pagando hoje, seu pedido é enviado em <strong>{formatDateBR(shipDate(today))}</strong>. Pagamentos
          até o dia 14 são enviados no dia 30; a partir do dia 15, no dia 15 do mês seguinte.
        </p>
        {/* The promise follows the chosen option: a carrier's 15 days must not read as "5 a 10". */}
        <p className="mt-2 text-muted" aria-live="polite">
          Prazo: {leadTimeFor(chosen)}. Assinantes têm frete grátis.
        </p>
      </div>
    </aside>
  )
}
