import { randomBytes } from "node:crypto"
import { TRPCError } from "@trpc/server"
import { Cause, Exit, Option } from "effect"
import type {
  CharacterNotFound,
  CollectionNotFound,
  Forbidden,
  InvalidInput,
  NotSignedIn,
} from "../application/errors"
import { DENIAL_MESSAGES } from "../domain/roles"
import type { Logger } from "./logger"

type ExpectedError = CollectionNotFound | CharacterNotFound | InvalidInput | NotSignedIn | Forbidden

/** The one place where a use case's tagged error becomes an RPC code and the spec's pt-BR text. */
export function toTRPCError(error: ExpectedError): TRPCError {
  switch (error._tag) {
    case "CollectionNotFound":
      return new TRPCError({ code: "NOT_FOUND", message: "Coleção não encontrada" })
    case "CharacterNotFound":
      return new TRPCError({ code: "NOT_FOUND", message: "Personagem não encontrado" })
    case "InvalidInput":
      return new TRPCError({ code: "BAD_REQUEST", message: error.message })
    case "NotSignedIn":
      return new TRPCError({ code: "UNAUTHORIZED", message: "Faça login para continuar" })
    case "Forbidden":
      return new TRPCError({
        code: "FORBIDDEN",
        message:
          error.permission === "access_admin" ? DENIAL_MESSAGES.adminAccess : DENIAL_MESSAGES.permission,
      })
  }
}

export const newErrorId = () => `eb_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`

/** Unwraps an Exit for tRPC: expected errors are mapped, defects are logged with an id and hidden. */
export function unwrapExit<A>(exit: Exit.Exit<A, ExpectedError>, logger: Logger, path: string): A {
  if (Exit.isSuccess(exit)) return exit.value
  const expected = Cause.findErrorOption(exit.cause)
  if (Option.isSome(expected)) throw toTRPCError(expected.value)
  const errorId = newErrorId()
  logger.error({ errorId, path, cause: Cause.pretty(exit.cause) }, "procedure failed")
  throw new TRPCError({ code: "INTERNAL_SERVER_ERROR", message: `Erro inesperado (${errorId})` })
}
