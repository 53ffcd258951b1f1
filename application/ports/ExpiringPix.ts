import { Context, type Effect } from "effect"

/** An unpaid order whose PIX code expires soon. */
export interface ExpiringPixOrder {
  readonly orderId: string
  readonly userId: string
  readonly number: string
  readonly expiresAt: number
}

/** Unpaid PIX orders near their code's expiry (the order's pay-by instant is the code's expiry). */
export class ExpiringPix extends Context.Service<
  ExpiringPix,
  {
    /** Orders awaiting a PIX payment that expire in (now, until], not yet told (`pix-expiring:<orderId>`). */
    due(now: number, until: number): Effect.Effect<readonly ExpiringPixOrder[]>
  }
>()("store/application/ExpiringPix") {}
