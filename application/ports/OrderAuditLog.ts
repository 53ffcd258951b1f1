import { Context, type Effect } from "effect"

export type ActorKind = "admin" | "customer" | "system"

export interface AuditActor {
  readonly kind: ActorKind
  /** The account; null for the system. */
  readonly id: string | null
  readonly email: string | null
}

/** Who did what to an order, and when (every administrative action is audited). */
export interface AuditEntry {
  readonly id: string
  readonly orderId: string
  /** "start_production", "ship", "refund", "note", ... */
  readonly action: string
  readonly actor: AuditActor
  /** Chosen by whoever asks for the action (a confirmation dialog): the same key twice is one action. */
  readonly actionKey: string
  /** What was asked and what came of it (carrier, amount, refusal), for the order page. */
  readonly details: Readonly<Record<string, unknown>>
  readonly at: number
}

/** An administrator's change to a prepaid plan, kept in the same log (the catalogue has no log of its own). */
export interface PlanAuditEntry extends Omit<AuditEntry, "orderId"> {
  readonly planId: string
}

export class OrderAuditLog extends Context.Service<
  OrderAuditLog,
  {
    /** Records the entry unless its action key was used before: then false, and nothing is written. */
    record(entry: AuditEntry): Effect.Effect<boolean>
    findByKey(actionKey: string): Effect.Effect<AuditEntry | null>
    listFor(orderId: string): Effect.Effect<readonly AuditEntry[]>
    /** Records a plan change unless its action key was used before (then false). */
    recordPlanChange(entry: PlanAuditEntry): Effect.Effect<boolean>
    listForPlan(planId: string): Effect.Effect<readonly PlanAuditEntry[]>
  }
>()("store/application/OrderAuditLog") {}
