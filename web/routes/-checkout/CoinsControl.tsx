import { Coins } from "lucide-react"
import { useId, useState } from "react"
import type { SnapshotFrom } from "xstate"
import { coinDebtNote } from "../../../domain/community/coinLedger"
import { formatBRL } from "../../lib/format"
import { type CheckoutEvent, type checkoutMachine, readCoins } from "../../machines/checkout"
import { control, FieldError } from "./fields"

const coinWord = (n: number) => (n === 1 ? "moeda" : "moedas")

/**
 * 'Usar moedas': the collector's community coins as a discount on the items. The balance, the most this order
 * may use and the discount are the server's; the field only asks, and the server prices the order again.
 */
export function CoinsControl({
  state,
  send,
}: {
  state: SnapshotFrom<typeof checkoutMachine>
  send: (event: CheckoutEvent) => void
}) {
  const id = useId()
  const coins = state.context.priced?.coins
  const applied = state.context.coins
  // null until the collector types: the field then offers the most this order may use, in plain sight.
  const [asked, setAsked] = useState<string | null>(null)
  if (!coins || state.context.plan !== null) return null
  const debt = coinDebtNote(coins.balance)
  if (debt)
    return (
      <p className="mt-4 rounded-xl surface-2 p-4 text-sm" data-testid="checkout-coins">
        <Coins aria-hidden className="mr-2 inline h-4 w-4 text-accent" />
        {debt}
      </p>
    )
  if (coins.balance <= 0) return null
  const pricing = state.matches({ shipping: "pricing" })
  const error = state.context.fieldErrors.coins ?? coins.error ?? undefined
  const shown = asked ?? String(coins.max)
  const wanted = readCoins(shown)
  return (
    <form
      className="mt-4 rounded-xl surface-2 p-4"
      noValidate
      data-testid="checkout-coins"
      onSubmit={(e) => {
        e.preventDefault()
        // The machine refuses what cannot be spent (negative, fractional, over the cap or the balance).
        send({ type: "SET_COINS", coins: wanted })
      }}
    >
      <p className="flex items-center gap-2 text-sm font-medium">
        <Coins aria-hidden className="h-4 w-4 text-accent" /> Suas moedas: {coins.balance}
      </p>
      <p id={`${id}-hint`} className="mt-1 text-xs text-muted">
        {coins.max > 0
          ? `Neste pedido você pode usar até ${coins.max} ${coinWord(coins.max)} (${formatBRL(coins.max * coins.centsPerCoin)}).`
          : "Este pedido não comporta desconto em moedas."}
      </p>
      {applied > 0 ? (
        <div className="mt-2 flex items-center justify-between gap-2">
          <p role="status" className="text-sm text-emerald-700 dark:text-emerald-400">
            {applied} {applied === 1 ? "moeda aplicada" : "moedas aplicadas"}: −{formatBRL(coins.discount)}
          </p>
          <button
            type="button"
            className="btn btn-ghost shrink-0"
            disabled={pricing}
            onClick={() => {
              setAsked(null)
              send({ type: "SET_COINS", coins: 0 })
            }}
          >
            Remover
          </button>
        </div>
      ) : (
        coins.max > 0 && (
          <div className="mt-2 flex gap-2">
            <label htmlFor={`${id}-coins`} className="sr-only">
              Quantas moedas usar
            </label>
            <input
              id={`${id}-coins`}
              // Text, not a number field: Chrome reads "1,5" in a number field as 15.
              type="text"
              inputMode="numeric"
              autoComplete="off"
              value={shown}
              onChange={(e) => setAsked(e.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
              className={control(error)}
            />
            <button type="submit" className="btn btn-ghost shrink-0" disabled={pricing}>
              Usar moedas
            </button>
          </div>
        )
      )}
      {applied === 0 &&
        coins.max > 0 &&
        Number.isSafeInteger(wanted) &&
        wanted > 0 &&
        wanted <= coins.max && (
          <p className="mt-1 text-xs text-muted">−{formatBRL(wanted * coins.centsPerCoin)}</p>
        )}
      <FieldError id={`${id}-error`} message={error} />
    </form>
  )
}
