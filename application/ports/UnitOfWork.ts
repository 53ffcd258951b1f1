import { Context, type Effect } from "effect"

/**
 * Runs a piece of work as one database transaction: every port call inside it that writes (a cart, an order,
 * the event outbox) commits together or not at all. Nested calls join the outer transaction. Never put a call
 * to the outside world (e-mail, payment provider, HTTP) inside: it cannot be rolled back, and the work may run
 * more than once (the database may abort it as a deadlock, and then it runs again from the start).
 */
export class UnitOfWork extends Context.Service<
  UnitOfWork,
  {
    atomically<A, E, R>(work: Effect.Effect<A, E, R>): Effect.Effect<A, E, R>
  }
>()("store/application/UnitOfWork") {}
