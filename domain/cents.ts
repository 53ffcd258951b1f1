/**
 * Money is an integer number of centavos so sums and comparisons never drift. The core every page needs (a cart
 * line's total, the pt-BR text of a price), apart from the parsing and percent arithmetic in ./money: this module is
 * in the browser's shell, and every helper of a module there is bundled into it when any page uses it.
 */
export type Cents = number

export function assertCents(n: unknown): Cents {
  if (typeof n !== "number" || !Number.isSafeInteger(n)) {
    throw new RangeError(`Expected an integer amount of centavos, got ${String(n)}`)
  }
  return n
}

export function multiply(amount: Cents, qty: number): Cents {
  assertCents(amount)
  if (!Number.isSafeInteger(qty)) throw new RangeError(`Quantity must be an integer, got ${qty}`)
  return assertCents(amount * qty)
}

export function sum(amounts: readonly Cents[]): Cents {
  return assertCents(amounts.reduce((acc, a) => acc + assertCents(a), 0))
}

/**
 * pt-BR currency text, exactly as `Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" })` writes
 * it ("R$ 1.299,90", a non-breaking space after the symbol, kept on purpose), built by hand: the first Intl
 * formatter a page creates loads the browser's locale data, one of the longest tasks of a page's start.
 */
export function formatBRL(cents: Cents): string {
  assertCents(cents)
  const abs = Math.abs(cents)
  const reais = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+$)/g, ".")
  const centavos = String(abs % 100).padStart(2, "0")
  return `${cents < 0 ? "-" : ""}R$\u00a0${reais},${centavos}`
}
