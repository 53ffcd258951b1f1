import type { TRPC_ERROR_CODE_KEY } from "@trpc/server"
import { z } from "zod"
import { errorCodeLine, UNEXPECTED_ERROR } from "../../domain/errorId"
import { currentRequest } from "../requestContext"

// Validation messages of zod in Brazilian Portuguese, for the few schemas without a message of their own.
z.config(z.locales.ptBR())

/** tRPC's own messages (unknown procedure, wrong method, unreadable body…), said in pt-BR. */
function transportMessage(code: TRPC_ERROR_CODE_KEY, message: string): string | null {
  if (/^No procedure found/.test(message)) return "Rota não encontrada"
  if (/^Batch call exceeds/.test(message)) return "Chamadas demais em um só pedido"
  if (code === "METHOD_NOT_SUPPORTED") return "Método não permitido para esta rota"
  if (code === "PARSE_ERROR") return "Requisição inválida"
  if (code === "PAYLOAD_TOO_LARGE") return "Requisição grande demais"
  if (code === "UNSUPPORTED_MEDIA_TYPE") return "Tipo de conteúdo não suportado"
  return null
}

export const INVALID_INPUT_MESSAGE = "Dados inválidos"

/**
 * A failure no use case mapped (a router or middleware that threw): its raw message may hold SQL or internals,
 * so the client gets the message of every unexpected failure, naming the request whose log line has the cause.
 */
function unexpectedMessage(): string {
  const request = currentRequest()
  return request ? `${UNEXPECTED_ERROR} ${errorCodeLine(request.id)}` : UNEXPECTED_ERROR
}

export interface FieldErrors {
  readonly [field: string]: string
}

/** The first message for each field, keyed by its path ("items.0.quantity"); whole-input problems under "". */
export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const fields: Record<string, string> = {}
  for (const issue of error.issues) {
    const key = issue.path.map(String).join(".")
    fields[key] ??= issue.message
  }
  return fields
}

interface Shape {
  message: string
  code: number
  data: { code: TRPC_ERROR_CODE_KEY; httpStatus: number; path?: string; stack?: string }
}

/**
 * Every error a client sees: a pt-BR message, field errors for invalid input (never zod's raw issue list),
 * and no stack trace. Errors raised by the use-case mapper keep their message; tRPC's own get one in pt-BR.
 */
export function formatError({
  shape,
  error,
}: {
  shape: Shape
  error: { code: TRPC_ERROR_CODE_KEY; cause?: unknown; message: string }
}) {
  const { stack: _stack, ...data } = shape.data
  if (error.cause instanceof z.ZodError) {
    const fieldErrors = fieldErrorsOf(error.cause)
    const first = Object.values(fieldErrors)[0]
    return { ...shape, message: first ?? INVALID_INPUT_MESSAGE, data: { ...data, fieldErrors } }
  }
  // A use case's refusal that concerns one form field (server/errors.ts puts it in the cause).
  const field = (error.cause as { field?: unknown } | undefined)?.field
  if (typeof field === "string")
    return { ...shape, message: error.message, data: { ...data, fieldErrors: { [field]: error.message } } }
  // A refusal the spec shows as a title over its message ('Código não encontrado' / 'Verifique se...').
  const title = (error.cause as { title?: unknown } | undefined)?.title
  const titled = typeof title === "string" ? { ...data, title } : data
  if (error.code === "INTERNAL_SERVER_ERROR" && !error.message.startsWith(UNEXPECTED_ERROR))
    return { ...shape, message: unexpectedMessage(), data: titled }
  return { ...shape, message: transportMessage(error.code, error.message) ?? shape.message, data: titled }
}
