/** Field → first failing rule's message; an empty object means the form is valid. */
export type FieldErrors<F extends string> = Partial<Record<F, string>>

export interface LoginInput {
  email: string
  password: string
}

export interface RegisterInput {
  displayName: string
  email: string
  password: string
  confirmPassword: string
  acceptTerms: boolean
}

export interface ForgotInput {
  email: string
}

/** The account's 'Alterar senha' form: the reset's rule and wording, behind the current password. */
export interface PasswordChangeInput {
  currentPassword: string
  newPassword: string
  confirmPassword: string
}

export interface ResetInput {
  password: string
  confirmPassword: string
}

export type StrengthLabel = "Muito fraca" | "Fraca" | "Média" | "Forte"

export interface PasswordStrength {
  score: number
  label: StrengthLabel
}

export const VALIDATION_MESSAGES = {
  emailRequired: "E-mail é obrigatório",
  emailInvalid: "E-mail inválido",
  passwordRequired: "Senha é obrigatória",
  loginPasswordMin: "Senha deve ter pelo menos 6 caracteres",
  registerPasswordMin: "Senha deve ter pelo menos 8 caracteres",
  registerPasswordUppercase: "Senha deve ter pelo menos uma letra maiúscula",
  registerPasswordLowercase: "Senha deve ter pelo menos uma letra minúscula",
  registerPasswordDigit: "Senha deve ter pelo menos um número",
  confirmRequired: "Confirmação de senha é obrigatória",
  confirmMismatch: "Senhas não coincidem",
  nameMin: "Nome deve ter pelo menos 2 caracteres",
  nameMax: "Nome deve ter no máximo 50 caracteres",
  termsRequired: "Você deve aceitar os termos de uso",
  resetPasswordMin: "A senha deve ter pelo menos 8 caracteres",
  resetPasswordLowercase: "A senha deve conter pelo menos uma letra minúscula",
  resetPasswordUppercase: "A senha deve conter pelo menos uma letra maiúscula",
  resetPasswordDigit: "A senha deve conter pelo menos um número",
  resetMismatch: "As senhas não coincidem",
} as const

export const LOGIN_ERRORS = {
  invalidCredentials: "E-mail ou senha incorretos",
  emailNotVerified: "Confirme seu e-mail antes de fazer login",
  tooManyRequests: "Muitas tentativas. Tente novamente em alguns minutos",
  generic: "Erro no login. Tente novamente.",
  /** An administrator blocked the account's sign-in; not in the spec, so it says what to do. */
  accountBlocked: "Sua conta está bloqueada. Fale com o atendimento para saber mais.",
} as const

export const REGISTER_ERRORS = {
  alreadyExists: "Este e-mail já está cadastrado",
  passwordTooShort: "Senha deve ter pelo menos 8 caracteres",
  signupDisabled: "Cadastro está temporariamente indisponível",
  tooManyRequests: "Muitas tentativas. Aguarde alguns minutos...",
  generic: "Erro ao criar conta. Tente novamente.",
} as const

export const FORGOT_ERRORS = {
  tooManyRequests: "Muitas tentativas. Aguarde alguns minutos...",
  generic: "Não foi possível enviar o e-mail. Tente novamente.",
} as const

/** After a resend from the sign-in screen: the same words whether or not the address has an account. */
export const RESEND_CONFIRMATION_SENT =
  "Se este e-mail tiver uma conta aguardando confirmação, enviamos um novo link. Confira a caixa de entrada e o spam."

export const SAME_PASSWORD_MESSAGE = "A nova senha deve ser diferente da senha anterior"

export const RESET_FAILED_MESSAGE = "Não foi possível redefinir a senha. Tente novamente."

export const LOGIN_PASSWORD_MIN = 6
export const REGISTER_PASSWORD_MIN = 8
export const PASSWORD_MAX = 128
/** One rule for every new password (register, reset, change): spec 000 §5's registration rule, as ASVS asks. */
export const RESET_PASSWORD_MIN = REGISTER_PASSWORD_MIN
export const NAME_MIN = 2
export const NAME_MAX = 50
export const MIN_SUBMIT_STRENGTH = 40

/** One "@", no whitespace, and a dotted domain without empty labels (rejects "a@b", "a@b..com", "a@.com"). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/

const LOWERCASE = /[a-z]/
const UPPERCASE = /[A-Z]/
const DIGIT = /[0-9]/
const SYMBOL = /[^A-Za-z0-9]/

export function isValidEmail(email: string): boolean {
  return EMAIL_PATTERN.test(email.trim())
}

function emailError(email: string): string | undefined {
  if (email.trim() === "") return VALIDATION_MESSAGES.emailRequired
  if (!isValidEmail(email)) return VALIDATION_MESSAGES.emailInvalid
  return undefined
}

/** Drops passing fields so callers can test validity with `Object.keys(errors).length === 0`. */
function collect<F extends string>(checks: Record<F, string | undefined>): FieldErrors<F> {
  const errors: FieldErrors<F> = {}
  for (const field of Object.keys(checks) as F[]) {
    const message = checks[field]
    if (message !== undefined) errors[field] = message
  }
  return errors
}

export function validateLogin(input: LoginInput): FieldErrors<keyof LoginInput> {
  return collect<keyof LoginInput>({
    email: emailError(input.email),
    password:
      input.password === ""
        ? VALIDATION_MESSAGES.passwordRequired
        : input.password.length < LOGIN_PASSWORD_MIN
          ? VALIDATION_MESSAGES.loginPasswordMin
          : undefined,
  })
}

/** What a new password lacks, by the one rule; null when it is good. */
export type PasswordFlaw = "min" | "max" | "uppercase" | "lowercase" | "digit"

export function passwordFlaw(password: string): PasswordFlaw | null {
  if (password.length < REGISTER_PASSWORD_MIN) return "min"
  if (password.length > PASSWORD_MAX) return "max"
  if (!UPPERCASE.test(password)) return "uppercase"
  if (!LOWERCASE.test(password)) return "lowercase"
  if (!DIGIT.test(password)) return "digit"
  return null
}

const PASSWORD_MAX_MESSAGE = "Senha deve ter no máximo 128 caracteres"

/** The registration screen's wording of the rule (spec 000 §5). */
export function registerPasswordError(password: string): string | undefined {
  if (password === "") return VALIDATION_MESSAGES.passwordRequired
  const flaw = passwordFlaw(password)
  if (flaw === "min") return VALIDATION_MESSAGES.registerPasswordMin
  if (flaw === "max") return PASSWORD_MAX_MESSAGE
  if (flaw === "uppercase") return VALIDATION_MESSAGES.registerPasswordUppercase
  if (flaw === "lowercase") return VALIDATION_MESSAGES.registerPasswordLowercase
  if (flaw === "digit") return VALIDATION_MESSAGES.registerPasswordDigit
  return undefined
}

export function displayNameError(displayName: string): string | undefined {
  const length = displayName.trim().length
  if (length < NAME_MIN) return VALIDATION_MESSAGES.nameMin
  if (length > NAME_MAX) return VALIDATION_MESSAGES.nameMax
  return undefined
}

export function validateRegister(input: RegisterInput): FieldErrors<keyof RegisterInput> {
  return collect<keyof RegisterInput>({
    displayName: displayNameError(input.displayName),
    email: emailError(input.email),
    password: registerPasswordError(input.password),
    confirmPassword:
      input.confirmPassword === ""
        ? VALIDATION_MESSAGES.confirmRequired
        : input.confirmPassword !== input.password
          ? VALIDATION_MESSAGES.confirmMismatch
          : undefined,
    acceptTerms: input.acceptTerms === true ? undefined : VALIDATION_MESSAGES.termsRequired,
  })
}

export function validateForgot(input: ForgotInput): FieldErrors<keyof ForgotInput> {
  return collect<keyof ForgotInput>({ email: emailError(input.email) })
}

/** The reset and change screens' wording of the same rule (spec 000 §5). */
export function resetPasswordError(password: string): string | undefined {
  const flaw = passwordFlaw(password)
  if (flaw === "min") return VALIDATION_MESSAGES.resetPasswordMin
  if (flaw === "max") return PASSWORD_MAX_MESSAGE
  // The spec's reset screen names a missing lowercase letter before a missing uppercase one.
  if (flaw && !LOWERCASE.test(password)) return VALIDATION_MESSAGES.resetPasswordLowercase
  if (flaw === "uppercase") return VALIDATION_MESSAGES.resetPasswordUppercase
  if (flaw === "digit") return VALIDATION_MESSAGES.resetPasswordDigit
  return undefined
}

export function validateReset(input: ResetInput): FieldErrors<keyof ResetInput> {
  return collect<keyof ResetInput>({
    password: resetPasswordError(input.password),
    confirmPassword: input.confirmPassword !== input.password ? VALIDATION_MESSAGES.resetMismatch : undefined,
  })
}

export function validatePasswordChange(input: PasswordChangeInput): FieldErrors<keyof PasswordChangeInput> {
  return collect<keyof PasswordChangeInput>({
    currentPassword: input.currentPassword ? undefined : VALIDATION_MESSAGES.passwordRequired,
    newPassword:
      resetPasswordError(input.newPassword) ??
      (input.newPassword === input.currentPassword ? SAME_PASSWORD_MESSAGE : undefined),
    confirmPassword:
      input.confirmPassword === ""
        ? VALIDATION_MESSAGES.confirmRequired
        : input.confirmPassword !== input.newPassword
          ? VALIDATION_MESSAGES.resetMismatch
          : undefined,
  })
}

export function passwordStrength(password: string): PasswordStrength {
  let score = 0
  if (password.length >= 6) score += 20
  if (password.length >= 10) score += 20
  if (LOWERCASE.test(password)) score += 20
  if (UPPERCASE.test(password)) score += 20
  if (DIGIT.test(password)) score += 10
  if (SYMBOL.test(password)) score += 10
  const label: StrengthLabel =
    score >= 80 ? "Forte" : score >= 60 ? "Média" : score >= 40 ? "Fraca" : "Muito fraca"
  return { score, label }
}

export function canSubmitReset(password: string): boolean {
  return passwordStrength(password).score >= MIN_SUBMIT_STRENGTH
}

/** A specific code outranks the HTTP status, which is only a fallback for servers that send none. */
export function loginErrorMessage(code: string | undefined, status?: number): string {
  if (code === "INVALID_EMAIL_OR_PASSWORD") return LOGIN_ERRORS.invalidCredentials
  if (code === "EMAIL_NOT_VERIFIED") return LOGIN_ERRORS.emailNotVerified
  if (code === "TOO_MANY_REQUESTS") return LOGIN_ERRORS.tooManyRequests
  if (code === "ACCOUNT_BLOCKED") return LOGIN_ERRORS.accountBlocked
  if (status === 401) return LOGIN_ERRORS.invalidCredentials
  if (status === 429) return LOGIN_ERRORS.tooManyRequests
  return LOGIN_ERRORS.generic
}

export function registerErrorMessage(code: string | undefined, status?: number): string {
  if (code === "USER_ALREADY_EXISTS" || code === "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL") {
    return REGISTER_ERRORS.alreadyExists
  }
  if (code === "PASSWORD_TOO_SHORT") return REGISTER_ERRORS.passwordTooShort
  if (code === "SIGNUP_DISABLED") return REGISTER_ERRORS.signupDisabled
  if (code === "TOO_MANY_REQUESTS" || status === 429) return REGISTER_ERRORS.tooManyRequests
  return REGISTER_ERRORS.generic
}

export function forgotErrorMessage(code: string | undefined, status?: number): string {
  if (code === "TOO_MANY_REQUESTS" || status === 429) return FORGOT_ERRORS.tooManyRequests
  return FORGOT_ERRORS.generic
}
