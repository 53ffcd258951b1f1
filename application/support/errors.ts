import { Data } from "effect"

/** No ticket with this id the viewer may see (someone else's ticket answers the same). */
export class TicketNotFound extends Data.TaggedError("TicketNotFound") {}

/** A support action refused; `message` is the pt-BR reason, `field` the form field it concerns. */
export class SupportRefused extends Data.TaggedError("SupportRefused")<{
  readonly message: string
  readonly field?: string
}> {}
