import { LOGIN_ERRORS, REGISTER_ERRORS, VALIDATION_MESSAGES } from "../../domain/accounts/authValidation"

/** better-auth's error codes, said as the spec says them (its own messages are English). */
const BY_CODE: Readonly<Record<string, string>> = {
  INVALID_EMAIL_OR_PASSWORD: LOGIN_ERRORS.invalidCredentials,
  EMAIL_NOT_VERIFIED: LOGIN_ERRORS.emailNotVerified,
  INVALID_EMAIL: VALIDATION_MESSAGES.emailInvalid,
  INVALID_PASSWORD: "Senha incorreta",
  PASSWORD_TOO_SHORT: REGISTER_ERRORS.passwordTooShort,
  PASSWORD_TOO_LONG: "Senha deve ter no máximo 128 caracteres",
  USER_ALREADY_EXISTS: REGISTER_ERRORS.alreadyExists,
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: REGISTER_ERRORS.alreadyExists,
  FAILED_TO_CREATE_USER: REGISTER_ERRORS.generic,
  INVALID_TOKEN: "Link inválido ou expirado. Peça um novo.",
  TOKEN_EXPIRED: "Link inválido ou expirado. Peça um novo.",
  SESSION_EXPIRED: "Sua sessão expirou. Entre novamente.",
  USER_NOT_FOUND: "Conta não encontrada",
  CREDENTIAL_ACCOUNT_NOT_FOUND: "Esta conta não usa senha. Entre com o Google.",
  EMAIL_ALREADY_VERIFIED: "Este e-mail já foi confirmado",
  TOO_MANY_REQUESTS: LOGIN_ERRORS.tooManyRequests,
}

const BY_STATUS: Readonly<Record<number, string>> = {
  400: "Não foi possível concluir. Confira os dados e tente novamente.",
  401: "Faça login para continuar",
  403: "Acesso negado",
  404: "Não encontrado",
  413: "Requisição grande demais",
  422: "Não foi possível concluir. Confira os dados e tente novamente.",
  429: LOGIN_ERRORS.tooManyRequests,
}

/** Codes our own hooks raise, whose messages are already the spec's. */
export const STORE_CODES = new Set([
  "SAME_PASSWORD",
  "WEAK_PASSWORD",
  "INVALID_NAME",
  "PASSWORD_REQUIRED",
  "PASSWORD_MISMATCH",
  "STORE_THROTTLED",
  "ACCOUNT_BLOCKED",
  "ACCOUNT_NOT_CLOSED",
])

/** The pt-BR message for an error response of the auth API. */
export function authErrorMessage(
  code: string | undefined,
  status: number,
  message: string | undefined,
): string {
  if (code && STORE_CODES.has(code) && message) return message
  return (code && BY_CODE[code]) || BY_STATUS[status] || "Erro inesperado. Tente novamente."
}
