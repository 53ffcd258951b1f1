import { Context, type Effect } from "effect"

/** A note administrators leave on an order for each other; the customer never sees it. */
export interface OrderNote {
  readonly id: string
  readonly orderId: string
  readonly authorId: string
  readonly authorEmail: string
  readonly body: string
  readonly at: number
}

export class OrderNotes extends Context.Service<
  OrderNotes,
  {
    add(note: OrderNote): Effect.Effect<void>
    listFor(orderId: string): Effect.Effect<readonly OrderNote[]>
  }
>()("store/application/OrderNotes") {}
