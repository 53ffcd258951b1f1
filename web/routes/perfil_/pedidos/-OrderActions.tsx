import { useQueryClient } from "@tanstack/react-query"
import { useRouteContext } from "@tanstack/react-router"
import { Ban, PackageX, Star, TriangleAlert, Undo2 } from "lucide-react"
import { type FormEvent, type ReactNode, useId, useState } from "react"
import { REQUEST_DESCRIPTION_MAX, REVIEW_MAX } from "../../../../domain/fulfilment/afterSales"
import { Dialog } from "../../../components/Dialog"
import { formatBRL } from "../../../lib/format"
import { toast } from "../../../lib/toast"
import { isTrpcError, type RouterOutputs } from "../../../lib/trpc"

type MyOrder = RouterOutputs["myOrders"]["get"]
type ActionName = keyof NonNullable<MyOrder["actions"]>
type RequestKind = "withdrawal" | "damage" | "missing"

interface ActionText {
  readonly button: string
  readonly icon: ReactNode
  readonly title: string
  readonly description: (order: MyOrder) => string
  readonly confirm: string
  readonly done: string
  readonly doneDetail: string
}

const TEXT: Record<ActionName, ActionText> = {
  cancel: {
    button: "Cancelar pedido",
    icon: <Ban aria-hidden className="h-4 w-4" />,
    title: "Cancelar este pedido?",
    description: (o) =>
      `A produção ainda não começou: cancelando agora, devolvemos ${formatBRL(o.totals.total)} pela mesma forma de pagamento. Esta ação não pode ser desfeita.`,
    confirm: "Sim, cancelar pedido",
    done: "Pedido cancelado",
    doneDetail: "O reembolso foi solicitado. Avisaremos por e-mail quando for concluído.",
  },
  withdrawal: {
    button: "Desistir da compra",
    icon: <Undo2 aria-hidden className="h-4 w-4" />,
    title: "Desistir da compra?",
    description: () =>
      "Pelo Código de Defesa do Consumidor (art. 49), você pode desistir em até 7 dias após o recebimento. Enviaremos por e-mail as instruções de devolução; o valor é reembolsado quando o produto chegar até nós.",
    confirm: "Pedir devolução",
    done: "Pedido de devolução enviado",
    doneDetail: "Você receberá as instruções de devolução por e-mail.",
  },
  damage: {
    button: "Relatar produto danificado",
    icon: <TriangleAlert aria-hidden className="h-4 w-4" />,
    title: "Relatar produto danificado",
    description: () =>
      "Conte o que aconteceu com a peça ou a embalagem. Nossa equipe analisa e responde por e-mail.",
    confirm: "Enviar relato",
    done: "Relato enviado",
    doneDetail: "Nossa equipe vai analisar e responder por e-mail.",
  },
  missing: {
    button: "Informar que não recebi",
    icon: <PackageX aria-hidden className="h-4 w-4" />,
    title: "Pedido não recebido",
    description: () =>
      "Vamos verificar com a transportadora o que houve com a sua encomenda e responder por e-mail.",
    confirm: "Pedir verificação",
    done: "Verificação solicitada",
    doneDetail: "Vamos apurar com a transportadora e responder por e-mail.",
  },
  rate: {
    button: "Avaliar entrega",
    icon: <Star aria-hidden className="h-4 w-4" />,
    title: "Avaliar a entrega",
    description: () => "Dê uma nota de 1 a 5 estrelas e, se quiser, conte como foi.",
    confirm: "Enviar avaliação",
    done: "Avaliação enviada",
    doneDetail: "Obrigado por contar como foi a entrega!",
  },
}

const ORDER: readonly ActionName[] = ["cancel", "withdrawal", "damage", "missing", "rate"]

/** A fresh key per opened dialog: a double click or a retried request is the same action, done once. */
const newKey = () => crypto.randomUUID()

/** The buttons the rules allow now; each opens a dialog that asks for confirmation. */
export function OrderActions({ order }: { order: MyOrder }) {
  const [open, setOpen] = useState<{ name: ActionName; key: string } | null>(null)
  const allowed = ORDER.filter((name) => order.actions?.[name] === null)
  if (allowed.length === 0) return null
  const text = open ? TEXT[open.name] : null
  return (
    <section aria-labelledby="actions-title" className="rounded-2xl surface p-6">
      <h2 id="actions-title" className="text-lg font-semibold">
        O que você pode fazer
      </h2>
      <div className="mt-4 flex flex-wrap gap-3">
        {allowed.map((name) => (
          <button
            key={name}
            type="button"
            className={`btn ${name === "cancel" ? "btn-ghost text-red-700 dark:text-red-300" : "btn-ghost"}`}
            onClick={() => setOpen({ name, key: newKey() })}
          >
            {TEXT[name].icon} {TEXT[name].button}
          </button>
        ))}
      </div>
      <Dialog
        open={open !== null}
        onClose={() => setOpen(null)}
        title={text?.title ?? ""}
        description={text && open ? text.description(order) : undefined}
        size="lg"
      >
        {open && (
          <ActionForm order={order} name={open.name} actionKey={open.key} onDone={() => setOpen(null)} />
        )}
      </Dialog>
    </section>
  )
}

function useRunAction(orderId: string) {
  const trpc = useRouteContext({ from: "__root__", select: (c) => c.trpc })
  const queryClient = useQueryClient()
  return async (run: () => Promise<unknown>, text: ActionText) => {
    try {
      await run()
      toast.success(text.done, { description: text.doneDetail })
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: trpc.myOrders.get.queryKey({ orderId }) }),
        queryClient.invalidateQueries({ queryKey: trpc.orders.mine.queryKey(undefined) }),
      ])
      return null
    } catch (error) {
      // The server's refusal is already in pt-BR (the domain's reason: outside the window, already asked...).
      return isTrpcError(error) ? error.message : "Não foi possível concluir. Tente novamente."
    }
  }
}

function ActionForm({
  order,
  name,
  actionKey,
  onDone,
}: {
  order: MyOrder
  name: ActionName
  actionKey: string
  onDone: () => void
}) {
  const id = useId()
  const { trpcClient } = useRouteContext({ from: "__root__" })
  const runAction = useRunAction(order.id)
  const [description, setDescription] = useState("")
  const [stars, setStars] = useState(0)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const text = TEXT[name]
  const needsText = name === "damage" || name === "missing"
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (name === "rate" && stars === 0) return setError("Escolha uma nota de 1 a 5 estrelas.")
    if (needsText && description.trim() === "") return setError("Descreva o que aconteceu.")
    setBusy(true)
    const base = { orderId: order.id, actionKey }
    const refusal = await runAction(
      () =>
        name === "cancel"
          ? trpcClient.myOrders.cancel.mutate(base)
          : name === "rate"
            ? trpcClient.myOrders.rate.mutate({ ...base, stars, review: description })
            : trpcClient.myOrders.openRequest.mutate({ ...base, kind: name as RequestKind, description }),
      text,
    )
    setBusy(false)
    if (refusal) setError(refusal)
    else onDone()
  }
  const max = name === "rate" ? REVIEW_MAX : REQUEST_DESCRIPTION_MAX
  return (
    <form onSubmit={submit} noValidate>
      {name === "rate" && <StarPicker value={stars} onChange={setStars} />}
      {name !== "cancel" && (
        <div className="mt-2">
          <label htmlFor={`${id}-text`} className="block text-sm font-medium">
            {name === "rate"
              ? "Comentário (opcional)"
              : name === "withdrawal"
                ? "Motivo (opcional)"
                : "Descrição"}
          </label>
          <textarea
            id={`${id}-text`}
            rows={4}
            maxLength={max}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            aria-describedby={`${id}-count`}
            className="mt-1 w-full rounded-xl border border-theme bg-[var(--surface)] p-3 text-sm"
          />
          <p id={`${id}-count`} className="mt-1 text-right text-xs text-muted">
            {description.length}/{max} caracteres
          </p>
        </div>
      )}
      {error && (
        <p role="alert" className="mt-3 text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
      <div className="mt-5 flex flex-wrap justify-end gap-3">
        <button type="button" className="btn btn-ghost" data-autofocus onClick={onDone}>
          Voltar
        </button>
        <button
          type="submit"
          disabled={busy}
          className={name === "cancel" ? "btn bg-red-700 text-white hover:bg-red-800" : "btn btn-primary"}
        >
          {text.confirm}
        </button>
      </div>
    </form>
  )
}

function StarPicker({ value, onChange }: { value: number; onChange: (stars: number) => void }) {
  return (
    <fieldset>
      <legend className="text-sm font-medium">Nota</legend>
      <div className="mt-2 flex gap-1">
        {[1, 2, 3, 4, 5].map((n) => (
          <label
            key={n}
            className="cursor-pointer rounded-lg p-1 focus-within:outline focus-within:outline-2"
          >
            <input
              type="radio"
              name="stars"
              value={n}
              checked={value === n}
              onChange={() => onChange(n)}
              className="sr-only"
            />
            <Star
              aria-hidden
              className={`h-8 w-8 ${n <= value ? "fill-[var(--accent)] text-[var(--accent)]" : "text-muted"}`}
            />
            <span className="sr-only">
              {n} {n === 1 ? "estrela" : "estrelas"}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  )
}
