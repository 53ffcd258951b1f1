import { epochDay, toSaoPauloCivil } from "../../domain/calendar"
import type { Cents } from "../../domain/money"

const BRADESCO = "237"
const REAL = "9"
const FACTOR_BASE = epochDay({ year: 1997, month: 10, day: 7 })

/** Módulo 10 (weights 2,1,2,1… from the right, digits of each product summed): the fields' check digits. */
export function mod10(digits: string): number {
  let sum = 0
  let weight = 2
  for (let i = digits.length - 1; i >= 0; i--) {
    const product = Number(digits[i]) * weight
    sum += product > 9 ? product - 9 : product
    weight = weight === 2 ? 1 : 2
  }
  return (10 - (sum % 10)) % 10
}

/** Módulo 11 (weights 2…9 from the right), 0, 10 and 11 becoming 1: the barcode's general check digit. */
export function mod11(digits: string): number {
  let sum = 0
  let weight = 2
  for (let i = digits.length - 1; i >= 0; i--) {
    sum += Number(digits[i]) * weight
    weight = weight === 9 ? 2 : weight + 1
  }
  const dv = 11 - (sum % 11)
  return dv === 0 || dv === 10 || dv === 11 ? 1 : dv
}

/**
 * The due-date factor: days since 1997-10-07, restarting at 1000 on 2025-02-22 (FEBRABAN's rule for when the
 * four digits ran out).
 */
export function dueFactor(dueAt: number): string {
  const days = epochDay(toSaoPauloCivil(dueAt)) - FACTOR_BASE
  const factor = days >= 10_000 ? ((days - 10_000) % 9000) + 1000 : days
  return String(factor).padStart(4, "0")
}

export interface Boleto {
  /** 44 digits, what the bars encode. */
  readonly barcode: string
  /** 47 digits, what a person types into a bank app. */
  readonly digitableLine: string
}

/**
 * A Bradesco-style boleto for the sandbox. `freeField` (25 digits) is the bank's own part (agency, wallet,
 * "nosso número", account); every check digit is computed the way a bank app validates it.
 */
export function makeBoleto(amount: Cents, dueAt: number, freeField: string): Boleto {
  if (!/^\d{25}$/.test(freeField)) throw new RangeError("The free field has 25 digits")
  const factorAndAmount = dueFactor(dueAt) + String(amount).padStart(10, "0")
  const withoutDv = BRADESCO + REAL + factorAndAmount + freeField
  const dv = String(mod11(withoutDv))
  const barcode = BRADESCO + REAL + dv + factorAndAmount + freeField
  const f1 = BRADESCO + REAL + freeField.slice(0, 5)
  const f2 = freeField.slice(5, 15)
  const f3 = freeField.slice(15, 25)
  const digitableLine = `${f1}${mod10(f1)}${f2}${mod10(f2)}${f3}${mod10(f3)}${dv}${factorAndAmount}`
  return { barcode, digitableLine }
}

/** The digitable line grouped as printed on a boleto: "23790.12345 60000.000003 ... 1 10000000012345". */
export function formatDigitableLine(line: string): string {
  if (!/^\d{47}$/.test(line)) return line
  return `${line.slice(0, 5)}.${line.slice(5, 10)} ${line.slice(10, 15)}.${line.slice(15, 21)} ${line.slice(21, 26)}.${line.slice(26, 32)} ${line.slice(32, 33)} ${line.slice(33)}`
}
