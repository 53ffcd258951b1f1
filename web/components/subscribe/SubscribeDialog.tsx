import { Link, useNavigate, useRouteContext, useRouterState } from "@tanstack/react-router"
import { useMachine } from "@xstate/react"
import {
  ArrowLeft,
  CalendarDays,
  CheckCircle2,
  Clock,
  LogIn,
  MapPin,
  ShieldCheck,
  Sparkles,
  Star,
} from "lucide-react"
import { type FormEvent, type ReactNode, useId, useRef } from "react"
import { fromPromise, type SnapshotFrom } from "xstate"
import { maskCpfInput } from "../../../domain/orders/cpf"
import { PAYMENT_MESSAGES } from "../../../domain/orders/paymentMessages"
import { DELIVERY_ADDRESS_REQUIRED } from "../../../domain/subscriptions/firstMonth"
import { cardFieldsFor, type CardFields as SecureCardFields } from "../../lib/cardFields"
import { formatBRL } from "../../lib/format"
import { SUBSCRIPTION_KEYS, subscriptionsApi } from "../../lib/subscriptionsApi"
import {
  type PaymentSetup,
  type PlanOffer,
  type PlansOffer,
  SUBSCRIBE_MESSAGES,
  type SubscribeEvent,
  subscribeMachine,
} from "../../machines/subscribe"
import { CardFields, SandboxNote } from "../../routes/-checkout/cardFields"
import { Spinner, StepError, TextField } from "../../routes/-checkout/fields"
import { Dialog } from "../Dialog"

type Snapshot = SnapshotFrom<typeof subscribeMachine>
type Send = (event: SubscribeEvent) => void

export interface SubscribeDialogProps {
  readonly collection: { readonly id: string; readonly name: string }
  readonly signedIn: boolean
  /** The plan chosen before signing in (`?assinar=`), to go straight to its payment form. */
  readonly planId: string | null
  /** Where sign-in brings the visitor back to, with the chosen plan. */
  readonly returnTo: (planId: string) => string
  readonly onClose: () => void
}

/**
 * The dialog as the page's 'Assinar Coleção Completa' button opens it (SubscribeButton): the way back from
 * sign-in is this page's address with `?assinar=<plan>`, which closing the dialog takes off again. Here rather
 * than in the button, whose code every collection page loads.
 */
export default function SubscribeDialogOnPage(
  props: Omit<SubscribeDialogProps, "returnTo" | "onClose"> & { readonly onClose: () => void },
) {
  // The page on screen, not a navigation under way: while the sign-in page loads, this dialog is still shown
  // and its links must lead back here, not to the page being loaded.
  const location = useRouterState({ select: (s) => s.resolvedLocation ?? s.location })
  const navigate = useNavigate()
  /** This page's address with `assinar` set to a plan, or without it. */
  const hrefWith = (planId: string | null) => {
    const search = new URLSearchParams(location.searchStr)
    if (planId) search.set("assinar", planId)
    else search.delete("assinar")
    const query = search.toString()
    return query ? `${location.pathname}?${query}` : location.pathname
  }
  const close = () => {
    props.onClose()
    if (props.planId !== null) void navigate({ href: hrefWith(null), replace: true, resetScroll: false })
  }
  return <SubscribeDialog {...props} returnTo={hrefWith} onClose={close} />
}

/** The subscription dialog of a collection (spec 002 §2): plans, savings, guarantees, then the card. */
export function SubscribeDialog(props: SubscribeDialogProps) {
  const { trpc, trpcClient, queryClient } = useRouteContext({ from: "__root__" })
  const cardFields = useRef<SecureCardFields | null>(null)
  const api = subscriptionsApi(trpcClient)
  const [state, send] = useMachine(
    subscribeMachine.provide({
      actors: {
        loadPlans: fromPromise(({ input }) => api.plans(input.collectionId)),
        preparePayment: fromPromise(async () => {
          const [start, preview] = await Promise.all([
            queryClient.fetchQuery(trpc.checkout.start.queryOptions(undefined)),
            // Fresh each time: an address added or a piece bought meanwhile changes what the charge does.
            queryClient.fetchQuery({
              ...trpc.subscriptions.preview.queryOptions({ collectionId: props.collection.id }),
              staleTime: 0,
            }),
          ])
          // The form mounts the fields (and says whether they loaded): here they are only chosen.
          cardFields.current = cardFieldsFor(start)
          return {
            sandbox: start.gateway === "sandbox",
            cpf: start.cpf,
            firstMonthNote: preview.note,
            delivery: preview.delivery,
          }
        }),
        tokenizeCard: fromPromise(({ input }) => {
          if (!cardFields.current) throw new Error(PAYMENT_MESSAGES.cardFormNotReady)
          return cardFields.current.createToken(input)
        }),
        subscribe: fromPromise(({ input }) => api.subscribe(input)),
        checkStatus: fromPromise(({ input }) => api.status(input.subscriptionId)),
      },
      actions: {
        subscribed: () => {
          // Released characters of this collection become buyable; /assinatura shows the new plan.
          for (const queryKey of SUBSCRIPTION_KEYS) void queryClient.invalidateQueries({ queryKey })
        },
      },
    }),
    { input: { collectionId: props.collection.id, signedIn: props.signedIn, planId: props.planId } },
  )
  const busy = (["tokenizing", "subscribing", "confirming"] as const).some((s) =>
    state.matches({ payment: s }),
  )
  return (
    <Dialog
      open
      size="xl"
      // Closing in the middle of a charge would hide its result: the dialog stays until it is known.
      onClose={() => !busy && props.onClose()}
      title={`Assinar ${props.collection.name}`}
      closeLabel="Fechar"
      description="Receba um personagem por mês, com frete grátis e acesso às edições anteriores."
    >
      <Body state={state} send={send} cardFields={cardFields.current} {...props} />
    </Dialog>
  )
}

function Body({
  state,
  send,
  cardFields,
  ...props
}: SubscribeDialogProps & { state: Snapshot; send: Send; cardFields: SecureCardFields | null }) {
  const { context } = state
  if (state.matches("loading"))
    return (
      <p role="status" className="flex items-center gap-2 text-muted">
        <Spinner /> Carregando planos...
      </p>
    )
  if (state.matches("loadFailed"))
    return (
      <>
        <StepError message={SUBSCRIBE_MESSAGES.loadPlansFailed} />
        <button type="button" className="btn btn-primary" onClick={() => send({ type: "RETRY" })}>
          Tentar novamente
        </button>
      </>
    )
  const offer = context.offer
  if (!offer) return null
  const plan = offer.plans.find((p) => p.id === context.planId) ?? null
  if (state.matches("choosing")) return <Plans offer={offer} send={send} />
  if (state.matches("signInRequired"))
    return <SignInRequired plan={plan} returnTo={props.returnTo(context.planId ?? "")} send={send} />
  if (state.matches("approved") || state.matches("processing"))
    return <Done approved={state.matches("approved")} onClose={props.onClose} />
  return plan ? <Payment state={state} send={send} plan={plan} cardFields={cardFields} /> : null
}

/** Stable, so it runs when a step's title mounts, not on every render. */
const focusOnMount = (el: HTMLElement | null) => el?.focus()

/** Each step takes the focus as it opens, so keyboard and screen-reader users land on it. */
function StepTitle({ children }: { children: ReactNode }) {
  return (
    <h3 tabIndex={-1} data-autofocus ref={focusOnMount} className="text-base font-semibold outline-none">
      {children}
    </h3>
  )
}

function Plans({ offer, send }: { offer: PlansOffer; send: Send }) {
  const [monthly, bimonthly] = [...offer.plans].sort((a, b) => a.frequencyMonths - b.frequencyMonths)
  return (
    <div className="motion-safe:animate-step-in">
      <StepTitle>Escolha seu plano</StepTitle>
      <ul className="mt-4 grid gap-4 sm:grid-cols-2">
        {offer.plans.map((plan) => (
          <li key={plan.id}>
            <PlanCard
              plan={plan}
              best={plan.frequencyMonths > 1}
              onChoose={() => send({ type: "CHOOSE", planId: plan.id })}
            />
          </li>
        ))}
      </ul>
      {monthly && bimonthly && offer.saving > 0 && (
        <section aria-labelledby="saving-title" className="mt-5 rounded-xl surface-2 p-4 text-sm">
          <h4 id="saving-title" className="font-semibold">
            Comparativo de economia
          </h4>
          <dl className="mt-2 grid gap-1">
            <div className="flex flex-wrap justify-between gap-2">
              <dt>2 × {monthly.name}</dt>
              <dd>{formatBRL(monthly.price * 2)}</dd>
            </div>
            <div className="flex flex-wrap justify-between gap-2">
              <dt>{bimonthly.name}</dt>
              <dd>{formatBRL(bimonthly.price)}</dd>
            </div>
            <div className="flex flex-wrap justify-between gap-2 font-semibold text-emerald-700 dark:text-emerald-400">
              <dt>Você economiza</dt>
              <dd>{formatBRL(offer.saving)} a cada 2 meses</dd>
            </div>
          </dl>
        </section>
      )}
      {offer.guarantees.length > 0 && (
        <section aria-labelledby="guarantees-title" className="mt-5">
          <h4 id="guarantees-title" className="flex items-center gap-2 text-sm font-semibold">
            <ShieldCheck aria-hidden className="h-4 w-4 text-accent" /> Garantias
          </h4>
          <ul className="mt-2 grid gap-1 text-sm text-muted sm:grid-cols-2">
            {offer.guarantees.map((g) => (
              <li key={g} className="flex gap-2">
                <CheckCircle2 aria-hidden className="mt-0.5 h-4 w-4 shrink-0 text-emerald-600" /> {g}
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  )
}

function PlanCard({ plan, best, onChoose }: { plan: PlanOffer; best: boolean; onChoose: () => void }) {
  const titleId = useId()
  return (
    <article
      aria-labelledby={titleId}
      className={`flex h-full flex-col rounded-2xl border p-5 ${best ? "border-[var(--accent)]" : "border-theme"}`}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 id={titleId} className="text-lg font-bold">
          {plan.name}
        </h4>
        {best && (
          <span className="inline-flex items-center gap-1 rounded-full bg-[var(--accent)] px-2 py-0.5 text-xs font-semibold text-[var(--accent-contrast)]">
            <Star aria-hidden className="h-3 w-3" /> Mais econômico
          </span>
        )}
      </div>
      <p className="mt-2">
        <span className="text-2xl font-bold">{formatBRL(plan.price)}</span>
        <span className="text-sm text-muted">
          {" "}
          {plan.frequencyMonths > 1 ? `a cada ${plan.frequencyMonths} meses` : "por mês"}
        </span>
      </p>
      {plan.frequencyMonths > 1 && (
        <p className="text-sm text-muted">equivale a {formatBRL(plan.perMonth)} por mês</p>
      )}
      <ul className="mt-4 flex-1 space-y-1.5 text-sm">
        {plan.benefits.map((b) => (
          <li key={b} className="flex gap-2">
            <CheckCircle2 aria-hidden className="mt-0.5 h-4 w-4 shrink-0 text-accent" /> {b}
          </li>
        ))}
      </ul>
      <button type="button" className="btn btn-primary mt-5 w-full" onClick={onChoose}>
        Escolher {plan.name}
      </button>
    </article>
  )
}

function SignInRequired({ plan, returnTo, send }: { plan: PlanOffer | null; returnTo: string; send: Send }) {
  return (
    <div className="motion-safe:animate-step-in">
      <StepTitle>{plan ? plan.name : "Assinatura"}</StepTitle>
      <p role="alert" className="mt-3 rounded-xl surface-2 p-4 text-sm font-medium">
        {SUBSCRIBE_MESSAGES.signInRequired}
      </p>
      <div className="mt-5 flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
        <button type="button" className="btn btn-ghost" onClick={() => send({ type: "BACK" })}>
          <ArrowLeft aria-hidden className="h-4 w-4" /> Voltar
        </button>
        <div className="flex flex-col gap-3 sm:flex-row">
          <Link to="/auth/register" search={{ from: returnTo }} className="btn btn-ghost">
            Criar conta
          </Link>
          <Link to="/auth/login" search={{ from: returnTo }} className="btn btn-primary">
            <LogIn aria-hidden className="h-4 w-4" /> Entrar e assinar
          </Link>
        </div>
      </div>
    </div>
  )
}

function Payment({
  state,
  send,
  plan,
  cardFields,
}: {
  state: Snapshot
  send: Send
  plan: PlanOffer
  cardFields: SecureCardFields | null
}) {
  const { context } = state
  const id = useId()
  const preparing = state.matches({ payment: "preparing" })
  const processing =
    !preparing && !state.matches({ payment: "form" }) && !state.matches({ payment: "unavailable" })
  const submit = (e: FormEvent) => {
    e.preventDefault()
    send({ type: "SUBMIT" })
  }
  return (
    <form onSubmit={submit} noValidate aria-busy={processing} className="motion-safe:animate-step-in">
      <StepTitle>Pagamento · {plan.name}</StepTitle>
      <p className="mt-1 text-sm text-muted">
        {formatBRL(plan.price)}{" "}
        {plan.frequencyMonths > 1 ? `a cada ${plan.frequencyMonths} meses` : "por mês"}, cobrado no cartão
        todo dia 1º. Cancele quando quiser.
      </p>
      {context.setup && <ChargeOutcome setup={context.setup} />}
      <div className="mt-4">
        <StepError title={PAYMENT_MESSAGES.errorTitle} message={context.error} />
      </div>
      {preparing ? (
        <p role="status" className="flex items-center gap-2 text-muted">
          <Spinner /> Carregando formulário de pagamento...
        </p>
      ) : state.matches({ payment: "unavailable" }) ? (
        <button type="button" className="btn btn-primary" onClick={() => send({ type: "RETRY" })}>
          Tentar novamente
        </button>
      ) : (
        <fieldset disabled={processing} className="grid gap-4 sm:grid-cols-6">
          <legend className="sr-only">Dados do cartão</legend>
          {context.setup?.sandbox && <SandboxNote />}
          <CardFields
            id={id}
            fields={cardFields}
            holder={context.card.holder}
            errors={context.fieldErrors}
            onHolderChange={(value) => send({ type: "CHANGE_HOLDER", value })}
            events={{
              onReady: () => send({ type: "PAYMENT_READY" }),
              onFailed: () => send({ type: "PAYMENT_FAILED_TO_LOAD" }),
              // The subscription's price does not depend on the card: its bin is not needed here.
              onBinChange: () => {},
              onFieldChange: (field, fieldState) => send({ type: "CARD_FIELD", field, state: fieldState }),
            }}
          />
          <TextField
            id={`${id}-cpf`}
            className="sm:col-span-3"
            label="CPF do titular"
            inputMode="numeric"
            autoComplete="off"
            placeholder="000.000.000-00"
            maxLength={14}
            value={context.cpf}
            onChange={(e) => send({ type: "CHANGE_CPF", value: maskCpfInput(e.target.value) })}
            error={context.fieldErrors.cpf}
          />
        </fieldset>
      )}
      {state.matches({ payment: "confirming" }) && (
        <p role="status" className="mt-4 flex items-center gap-2 text-sm text-muted">
          <Clock aria-hidden className="h-4 w-4" /> Aguardando a confirmação do pagamento...
        </p>
      )}
      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
        <button
          type="button"
          className="btn btn-ghost"
          disabled={processing}
          onClick={() => send({ type: "BACK" })}
        >
          <ArrowLeft aria-hidden className="h-4 w-4" /> Voltar
        </button>
        <button
          type="submit"
          className="btn btn-primary"
          disabled={processing || preparing || context.setup?.delivery === null}
        >
          {processing ? (
            <>
              <Spinner /> Processando...
            </>
          ) : (
            `Assinar por ${formatBRL(plan.price)}`
          )}
        </button>
      </div>
    </form>
  )
}

/** Before the card: the month the charge starts with, and where the parcels go (an address is needed first). */
function ChargeOutcome({ setup }: { setup: PaymentSetup }) {
  return (
    <div className="mt-3 grid gap-2 rounded-xl surface-2 p-3 text-sm" data-testid="subscribe-outcome">
      <p className="flex gap-2">
        <CalendarDays aria-hidden className="mt-0.5 h-4 w-4 shrink-0 text-accent" />
        {setup.firstMonthNote}
      </p>
      {setup.delivery ? (
        <p className="flex gap-2">
          <MapPin aria-hidden className="mt-0.5 h-4 w-4 shrink-0 text-accent" />
          <span>
            Entrega em: {setup.delivery.line}.{" "}
            <Link to="/perfil" search={{ tab: "addresses" }} className="underline">
              Alterar endereços
            </Link>
          </span>
        </p>
      ) : (
        <p role="alert" className="flex gap-2 text-red-700 dark:text-red-400">
          <MapPin aria-hidden className="mt-0.5 h-4 w-4 shrink-0" />
          <span>
            {DELIVERY_ADDRESS_REQUIRED}{" "}
            <Link to="/perfil" search={{ tab: "addresses" }} className="underline">
              Cadastrar endereço
            </Link>
          </span>
        </p>
      )}
    </div>
  )
}

function Done({ approved, onClose }: { approved: boolean; onClose: () => void }) {
  return (
    <div className="motion-safe:animate-step-in text-center">
      {approved ? (
        <Sparkles aria-hidden className="mx-auto h-10 w-10 text-accent" />
      ) : (
        <Clock aria-hidden className="mx-auto h-10 w-10 text-accent" />
      )}
      <p role="status" className="mt-3 font-semibold">
        {approved
          ? SUBSCRIBE_MESSAGES.approved
          : "Recebemos sua assinatura. O pagamento ainda está em análise: avisaremos por e-mail assim que for aprovado."}
      </p>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:justify-center">
        <Link to="/assinatura" className="btn btn-primary">
          Gerenciar minha assinatura
        </Link>
        <button type="button" className="btn btn-ghost" onClick={onClose}>
          Continuar navegando
        </button>
      </div>
    </div>
  )
}
