import { monthNamePtBR } from "../calendar"
import { type Month, parseMonth } from "./coverage"

/** "dezembro/2026": how the subscription dialog names a month. */
export const monthLabel = (month: Month): string => {
  const { year, month: m } = parseMonth(month)
  return `${monthNamePtBR(m)}/${year}`
}

/**
 * What the subscription dialog says, before the charge, of the first month a charge now covers; `skipped` are
 * the months before it whose character the collector already has (one numbered piece per collector).
 */
export function firstMonthNote(first: Month, skipped: readonly Month[]): string {
  if (skipped.length === 0) return `Seu primeiro personagem é o de ${monthLabel(first)}.`
  const held = skipped.map(monthLabel).join(" e ")
  return `Você já tem o personagem de ${held}: sua assinatura começa com o de ${monthLabel(first)}.`
}

/** Why a subscription waits for an address: its monthly parcels need somewhere to go. */
export const DELIVERY_ADDRESS_REQUIRED =
  "Cadastre um endereço de entrega em Minha Conta → Endereços antes de assinar."
