import type { Ticket } from "./tickets"

/**
 * The promise of spec 002 §1/§8: 'Responderemos em até 24 horas'. The clock runs from the ticket's creation to
 * staff's first answer, in plain hours (not business hours: the page promises 24 hours, and counting only
 * Mon–Fri 9h–18h would let a Friday-evening ticket wait until Tuesday while the page says otherwise).
 */
export const RESPONSE_PROMISE_HOURS = 24
const HOUR = 3_600_000

export type SlaState =
  | { readonly kind: "answered"; readonly onTime: boolean }
  | { readonly kind: "due"; readonly hoursLeft: number }
  | { readonly kind: "late"; readonly hoursLate: number }

/** Where a ticket stands against the promise at `now` (epoch ms, from the Clock port). */
export function slaState(ticket: Pick<Ticket, "createdAt" | "firstResponseAt">, now: number): SlaState {
  const deadline = ticket.createdAt + RESPONSE_PROMISE_HOURS * HOUR
  if (ticket.firstResponseAt !== null) return { kind: "answered", onTime: ticket.firstResponseAt <= deadline }
  if (now <= deadline) return { kind: "due", hoursLeft: Math.ceil((deadline - now) / HOUR) }
  return { kind: "late", hoursLate: Math.max(1, Math.floor((now - deadline) / HOUR)) }
}

/** 'no prazo' (answered in time), 'respondido com atraso', 'vence em 5h', 'atrasado há 3h'. */
export function slaLabel(state: SlaState): string {
  switch (state.kind) {
    case "answered":
      return state.onTime ? "no prazo" : "respondido com atraso"
    case "due":
      return `vence em ${state.hoursLeft}h`
    case "late":
      return `atrasado há ${state.hoursLate}h`
  }
}

/** Whether an unanswered ticket is past the promise (the dashboard's count). */
export const isLate = (ticket: Pick<Ticket, "createdAt" | "firstResponseAt">, now: number): boolean =>
  slaState(ticket, now).kind === "late"

export const lateCutoff = (now: number): number => now - RESPONSE_PROMISE_HOURS * HOUR
