import { Data } from "effect"

/** A mission reward refused: unknown mission, already taken this period, or not complete yet. */
export class MissionRefused extends Data.TaggedError("MissionRefused")<{
  readonly reason: "not_found" | "already_redeemed" | "not_complete"
}> {}

/** A trade action refused; `message` is the domain's pt-BR reason. */
export class TradeRefused extends Data.TaggedError("TradeRefused")<{
  readonly kind: "not_found" | "conflict" | "invalid"
  readonly message: string
}> {}
