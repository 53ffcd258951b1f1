import { isValidCpf } from "../../domain/orders/cpf"

/** The `n`th of a series of valid CPFs (11 digits), one per test collector. */
export function validCpf(n: number): string {
  const base = String(200_000_000 + n).padStart(9, "0")
  for (let check = 0; check < 100; check++) {
    const cpf = `${base}${String(check).padStart(2, "0")}`
    if (isValidCpf(cpf)) return cpf
  }
  throw new Error(`no valid CPF starts with ${base}`)
}

/** A valid CPF no other test is likely to type (tests share a server and run in parallel). */
export const uniqueCpf = () => validCpf(Math.floor(Math.random() * 700_000_000))
