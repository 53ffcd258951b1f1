import { randomBytes } from "node:crypto"
import { TRPCError } from "@trpc/server"
import { Cause, Exit, Option, Result } from "effect"
import type { MissionRefused, TradeRefused } from "../application/community"
import {
  type CatalogChangeRefused,
  type CertificateNotFound,
  type CharacterNotFound,
  type CheckoutRefused,
  type CollectionNotFound,
  type CouponNotFound,
  type Forbidden,
  type FulfilmentRefused,
  InvalidInput,
  type ItemAlreadyInCart,
  type NotBuyable,
  type NotificationNotFound,
  type NotSignedIn,
  type OrderNotFound,
  type PaymentFailed,
  type PlanNotFound,
  type ShelfItemNotFound,
  type ShippingQuoteRefused,
  type SignInToSubscribe,
  type SubscriptionFailed,
  type SubscriptionNotFound,
  type SubscriptionRefused,
  type TooManyRequests,
  type TrackingCodeNotFound,
  type TrackingCodeRequired,
  type UserNotFound,
  type WrongPassword,
} from "../application/errors"
import type { ImageRejected } from "../application/ports/ImageUploads"
import type { SupportRefused, TicketNotFound } from "../application/support"
import { DENIAL_MESSAGES } from "../domain/accounts/roles"
import { USER_ADMIN_MESSAGES } from "../domain/accounts/userAdmin"
import { CATALOG_ADMIN_MESSAGES } from "../domain/catalogAdmin/messages"
import { MISSION_MESSAGES } from "../domain/community/missions"
import { SHELF_MESSAGES } from "../domain/community/shelf"
import { errorCodeLine, formatErrorId, UNEXPECTED_ERROR } from "../domain/errorId"
import { TRACKING_MESSAGES } from "../domain/fulfilment/trackingMessages"
import { COUPON_ADMIN_MESSAGES } from "../domain/orders/couponAdmin"
import { PLAN_MESSAGES } from "../domain/subscriptions/prepaidPlans"
import { SUPPORT_MESSAGES } from "../domain/support/tickets"
import type { Logger } from "./logger"
import { INVALID_INPUT_MESSAGE } from "./trpc/errorFormatter"

export type ExpectedError =
  | CollectionNotFound
  | CharacterNotFound
  | InvalidInput
  | NotSignedIn
  | Forbidden
  | ItemAlreadyInCart
  | NotBuyable
  | ShippingQuoteRefused
  | TooManyRequests
  | WrongPassword
  | CheckoutRefused
  | OrderNotFound
  | PaymentFailed
  | FulfilmentRefused
  | TrackingCodeRequired
  | TrackingCodeNotFound
  | CertificateNotFound
  | PlanNotFound
  | CouponNotFound
  | SignInToSubscribe
  | SubscriptionNotFound
  | SubscriptionRefused
  | SubscriptionFailed
  | CatalogChangeRefused
  | ImageRejected
  | UserNotFound
  | ShelfItemNotFound
  | NotificationNotFound
  | MissionRefused
  | TradeRefused
  | TicketNotFound
  | SupportRefused

/** Spec 002 §8: what the collector reads when the gateway fails a step of a subscription. */
export const SUBSCRIPTION_FAILURES = {
  create: "Erro ao criar assinatura",
  fetch: "Erro ao buscar assinatura",
  pause: "Erro ao pausar assinatura",
  cancel: "Erro ao cancelar assinatura",
  reactivate: "Erro ao reativar assinatura",
  process: "Erro ao processar assinatura. Tente novamente.",
} as const

const NOT_BUYABLE = {
  subscribers_only: {
    code: "FORBIDDEN",
    message: "Apenas para Assinantes: as edições anteriores fazem parte das assinaturas desta coleção.",
  },
  coming_soon: { code: "BAD_REQUEST", message: "Em Breve: este personagem ainda não está à venda." },
  unavailable: { code: "NOT_FOUND", message: "Produto indisponível" },
  sold_out: {
    code: "CONFLICT",
    message:
      "Esgotado: não há unidades desta edição agora. Entre na lista de espera na página do personagem.",
  },
} as const

/** Spec 002 §5 and §8: why an uploaded image was refused. */
const IMAGE_REJECTED = {
  not_image: { code: "UNPROCESSABLE_CONTENT", message: CATALOG_ADMIN_MESSAGES.notAnImage },
  too_large: { code: "BAD_REQUEST", message: CATALOG_ADMIN_MESSAGES.imageTooLarge },
  process: { code: "UNPROCESSABLE_CONTENT", message: CATALOG_ADMIN_MESSAGES.processImage },
  compress: { code: "UNPROCESSABLE_CONTENT", message: CATALOG_ADMIN_MESSAGES.compressImage },
} as const

const MISSION_REFUSED = {
  not_found: { code: "NOT_FOUND", message: MISSION_MESSAGES.notFound },
  already_redeemed: { code: "CONFLICT", message: MISSION_MESSAGES.alreadyRedeemed },
  not_complete: { code: "BAD_REQUEST", message: MISSION_MESSAGES.notComplete },
} as const

const TRADE_REFUSED = { not_found: "NOT_FOUND", conflict: "CONFLICT", invalid: "BAD_REQUEST" } as const

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
    case "ItemAlreadyInCart":
      return new TRPCError({ code: "CONFLICT", message: "Item já no carrinho" })
    case "ShippingQuoteRefused":
      return new TRPCError({ code: "BAD_REQUEST", message: error.message, cause: { title: error.title } })
    case "NotBuyable":
      return new TRPCError(NOT_BUYABLE[error.reason])
    case "TooManyRequests":
      return new TRPCError({ code: "TOO_MANY_REQUESTS", message: error.message })
    case "WrongPassword":
      return new TRPCError({ code: "BAD_REQUEST", message: "Senha incorreta" })
    case "CheckoutRefused":
      return new TRPCError({
        code: "BAD_REQUEST",
        message: error.message,
        ...(error.field ? { cause: { field: error.field } } : {}),
      })
    case "OrderNotFound":
      return new TRPCError({ code: "NOT_FOUND", message: "Pedido não encontrado" })
    case "PaymentFailed":
      return new TRPCError({ code: "UNPROCESSABLE_CONTENT", message: error.message })
    case "FulfilmentRefused":
      return new TRPCError({ code: "CONFLICT", message: error.message })
    // Spec 002 §5 and §8: the page shows the title over the message.
    case "TrackingCodeRequired":
      return new TRPCError({
        code: "BAD_REQUEST",
        message: TRACKING_MESSAGES.required.message,
        cause: { title: TRACKING_MESSAGES.required.title },
      })
    case "TrackingCodeNotFound":
      return new TRPCError({
        code: "NOT_FOUND",
        message: TRACKING_MESSAGES.notFound.message,
        cause: { title: TRACKING_MESSAGES.notFound.title },
      })
    case "PlanNotFound":
      return new TRPCError({ code: "NOT_FOUND", message: PLAN_MESSAGES.notFound })
    case "CouponNotFound":
      return new TRPCError({ code: "NOT_FOUND", message: COUPON_ADMIN_MESSAGES.notFound })
    case "CertificateNotFound":
      return new TRPCError({ code: "NOT_FOUND", message: "Certificado não encontrado" })
    case "SignInToSubscribe":
      return new TRPCError({
        code: "UNAUTHORIZED",
        message: "É necessário fazer login para assinar um plano.",
      })
    case "SubscriptionNotFound":
      return new TRPCError({ code: "NOT_FOUND", message: "Assinatura não encontrada" })
    case "SubscriptionRefused":
      return new TRPCError({
        code: "CONFLICT",
        message: error.message,
        ...(error.field ? { cause: { field: error.field } } : {}),
      })
    case "SubscriptionFailed":
      return new TRPCError({
        code: error.unavailable ? "SERVICE_UNAVAILABLE" : "UNPROCESSABLE_CONTENT",
        message:
          error.action === "create"
            ? `${SUBSCRIPTION_FAILURES.create}: ${error.detail ?? "tente novamente"}`
            : SUBSCRIPTION_FAILURES[error.action],
      })
    case "CatalogChangeRefused":
      return new TRPCError({ code: "CONFLICT", message: error.message })
    case "ImageRejected":
      return new TRPCError(IMAGE_REJECTED[error.reason])
    case "MissionRefused":
      return new TRPCError(MISSION_REFUSED[error.reason])
    case "TradeRefused":
      return new TRPCError({ code: TRADE_REFUSED[error.kind], message: error.message })
    case "TicketNotFound":
      return new TRPCError({ code: "NOT_FOUND", message: SUPPORT_MESSAGES.notFound })
    case "SupportRefused":
      return new TRPCError({
        code: "BAD_REQUEST",
        message: error.message,
        ...(error.field ? { cause: { field: error.field } } : {}),
      })
    case "UserNotFound":
      return new TRPCError({ code: "NOT_FOUND", message: USER_ADMIN_MESSAGES.notFound })
    case "ShelfItemNotFound":
      return new TRPCError({ code: "NOT_FOUND", message: SHELF_MESSAGES.notFound })
    case "NotificationNotFound":
      return new TRPCError({ code: "NOT_FOUND", message: "Notificação não encontrada" })
    case "Forbidden":
      return new TRPCError({
        code: "FORBIDDEN",
        message:
          error.permission === "access_admin" ? DENIAL_MESSAGES.adminAccess : DENIAL_MESSAGES.permission,
      })
  }
}

export const newErrorId = () => formatErrorId(Date.now(), randomBytes(4).toString("hex"))

/**
 * Unwraps an Exit for tRPC: expected errors are mapped, defects are logged and hidden behind the code a customer
 * quotes to support: the request's id, which every log line of the request carries.
 */
export function unwrapExit<A>(
  exit: Exit.Exit<A, ExpectedError>,
  logger: Logger,
  path: string,
  requestId: string = newErrorId(),
): A {
  if (Exit.isSuccess(exit)) return exit.value
  const expected = Cause.findErrorOption(exit.cause)
  if (Option.isSome(expected)) throw toTRPCError(expected.value)
  const refused = valueRefusedByDatabase(exit.cause)
  if (refused) {
    logger.warn({ path, sqlState: refused }, "input refused by the database")
    throw toTRPCError(new InvalidInput({ message: INVALID_INPUT_MESSAGE }))
  }
  logger.error({ requestId, path, cause: Cause.pretty(exit.cause) }, "procedure failed")
  throw new TRPCError({
    code: "INTERNAL_SERVER_ERROR",
    message: `${UNEXPECTED_ERROR} ${errorCodeLine(requestId)}`,
  })
}

/**
 * The SQLSTATE when the defect is PostgreSQL refusing a value (class 22, "data exception": NUL in a text, "abc"
 * for a uuid, a number out of range). Only a client's input gets there: the last defence behind validation, so
 * bad input is a 400 and not a stack in the log. Drivers and Effect wrap errors, hence the walk down `cause`.
 */
function valueRefusedByDatabase(cause: Cause.Cause<unknown>): string | null {
  const defect = Cause.findDefect(cause)
  let error: unknown = Result.isSuccess(defect) ? defect.success : null
  for (let depth = 0; depth < 5 && typeof error === "object" && error !== null; depth++) {
    const code = (error as { code?: unknown }).code
    if (typeof code === "string" && /^22[0-9A-Z]{3}$/.test(code)) return code
    error = (error as { cause?: unknown }).cause
  }
  return null
}
