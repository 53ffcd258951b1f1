import { type Cents, formatBRL } from "../money"

export const MAX_INSTALLMENTS = 12

/**
 * Each of `n` interest-free instalments as it is advertised: the division rounded down, the centavos it leaves
 * added to the first instalment (as card acquirers split it), so "12x de R$ 41,65" never adds up to more than
 * the R$ 499,90 charged.
 */
export const interestFreeInstallment = (amount: Cents, n: number): Cents => Math.floor(amount / n)

/** One choice of the installment selector: what each instalment costs and what the buyer pays in all. */
export interface InstallmentOption {
  readonly installments: number
  readonly installmentAmount: Cents
  readonly totalAmount: Cents
  /** Monthly interest in percent; 0 when the store absorbs it. */
  readonly rate: number
  readonly message: string
}

/** The text of an option, in Mercado Pago's `recommended_message` form: "12x de R$ 27,49". */
export function installmentMessage(
  installments: number,
  installmentAmount: Cents,
  totalAmount: Cents,
  rate: number,
) {
  const each = `${installments}x de ${formatBRL(installmentAmount)}`
  if (installments === 1) return `1x de ${formatBRL(totalAmount)}`
  return rate === 0 ? `${each} sem juros` : `${each} (${formatBRL(totalAmount)})`
}

/**
 * The sandbox's interest table, like a card acquirer's: no interest up to `freeUpTo` instalments, then the
 * price (French amortisation) formula at 2.99% a month. Mercado Pago answers with its own table. The store's
 * sandbox plays an account configured with the store's interest-free setting; `freeUpTo` here is what a
 * gateway not told that setting (tests, the bank's own check) assumes.
 */
export const SANDBOX_INTEREST = { freeUpTo: 3, monthlyRatePercent: 2.99 } as const

export function sandboxInstallments(
  amount: Cents,
  max = MAX_INSTALLMENTS,
  freeUpTo: number = SANDBOX_INTEREST.freeUpTo,
): InstallmentOption[] {
  const options: InstallmentOption[] = []
  for (let n = 1; n <= Math.min(max, MAX_INSTALLMENTS); n++) {
    const free = n <= freeUpTo
    const rate = free ? 0 : SANDBOX_INTEREST.monthlyRatePercent
    const installmentAmount = free
      ? interestFreeInstallment(amount, n)
      : priceInstallment(amount, rate / 100, n)
    // With no interest the parts add up to the amount itself; rounding never charges a centavo more.
    const totalAmount = free ? amount : installmentAmount * n
    options.push({
      installments: n,
      installmentAmount,
      totalAmount,
      rate,
      message: installmentMessage(n, installmentAmount, totalAmount, rate),
    })
  }
  return options
}

function priceInstallment(amount: Cents, rate: number, n: number): Cents {
  const factor = (rate * (1 + rate) ** n) / ((1 + rate) ** n - 1)
  return Math.round(amount * factor)
}

/** Whether the buyer's choice is one the table offers. */
export const isOfferedInstallment = (options: readonly InstallmentOption[], n: number) =>
  options.some((o) => o.installments === n)
