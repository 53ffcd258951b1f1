import { isValidCpf } from "../../domain/orders/cpf"

/** How many CPFs `validCpf` tells apart: every `n` below this names a different collector. */
export const CPF_SERIES_SIZE = 800_000_000

/** The `n`th of a series of valid CPFs (11 digits), one per test collector. */
export function validCpf(n: number): string {
  if (!Number.isInteger(n) || n < 0 || n >= CPF_SERIES_SIZE)
    throw new RangeError(`validCpf: ${n} is not an integer from 0 to ${CPF_SERIES_SIZE - 1}`)
  const series = String(200_000_000 + n)
  // One digit nine times has that digit for both check digits (222.222.222-22), which no CPF may be: such a
  // base takes one below the series instead (100.000.002), which no other `n` reaches.
  const base = /^(\d)\1{8}$/.test(series) ? `10000000${series[0]}` : series
  for (let check = 0; check < 100; check++) {
    const cpf = `${base}${String(check).padStart(2, "0")}`
    if (isValidCpf(cpf)) return cpf
  }
  throw new Error(`no valid CPF starts with ${base}`)
}

/** A valid CPF no other test is likely to type (tests share a server and run in parallel). */
export const uniqueCpf = () => validCpf(Math.floor(Math.random() * CPF_SERIES_SIZE))
