import type { EventOf } from "../events"

export type WaitlistEvent =
  /** A freed unit of a sold-out edition is held for a collector until `offerExpiresAt`; they are told. */
  EventOf<
    "WaitlistOfferMade",
    {
      readonly entryId: string
      readonly productId: string
      readonly userId: string
      readonly offerExpiresAt: number
    }
  >
