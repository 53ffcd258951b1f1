import { Data } from "effect"

/** Expected failures of the catalogue use cases; server/errors.ts maps each tag to an HTTP code and pt-BR text. */
export class CollectionNotFound extends Data.TaggedError("CollectionNotFound")<{
  readonly idOrSlug: string
}> {}

export class CharacterNotFound extends Data.TaggedError("CharacterNotFound")<{ readonly id: string }> {}

export class InvalidInput extends Data.TaggedError("InvalidInput")<{ readonly message: string }> {}

export class NotSignedIn extends Data.TaggedError("NotSignedIn") {}

export class Forbidden extends Data.TaggedError("Forbidden")<{ readonly permission: string }> {}
