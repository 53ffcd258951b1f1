import { describe, expect, it } from "vitest"
import {
  canSubmitReset,
  EMAIL_PATTERN,
  FORGOT_ERRORS,
  forgotErrorMessage,
  isValidEmail,
  LOGIN_ERRORS,
  loginErrorMessage,
  MIN_SUBMIT_STRENGTH,
  passwordStrength,
  REGISTER_ERRORS,
  RESEND_CONFIRMATION_SENT,
  RESET_FAILED_MESSAGE,
  type RegisterInput,
  registerErrorMessage,
  SAME_PASSWORD_MESSAGE,
  VALIDATION_MESSAGES,
  validateForgot,
  validateLogin,
  validatePasswordChange,
  validateRegister,
  validateReset,
} from "./authValidation"

describe("isValidEmail", () => {
  it.each([
    ["cliente@gmail.com", true],
    ["nome.sobrenome+loja@empresa.com.br", true],
    ["  cliente@gmail.com  ", true],
    ["a@b.co", true],
    ["", false],
    ["cliente", false],
    ["cliente@", false],
    ["@gmail.com", false],
    ["cliente@gmail", false],
    ["cliente@@gmail.com", false],
    ["cli ente@gmail.com", false],
    ["cliente@gmail..com", false],
    ["cliente@.com", false],
    ["cliente@gmail.com.", false],
  ])("%o → %o", (email, expected) => {
    expect(isValidEmail(email)).toBe(expected)
  })

  it("EMAIL_PATTERN does not trim by itself", () => {
    expect(EMAIL_PATTERN.test(" a@b.co")).toBe(false)
    expect(EMAIL_PATTERN.test("a@b.co")).toBe(true)
  })
})

describe("validateLogin", () => {
  it.each([
    [{ email: "cliente@gmail.com", password: "123456" }, {}],
    [
      { email: "", password: "" },
      { email: "E-mail é obrigatório", password: "Senha é obrigatória" },
    ],
    [{ email: "   ", password: "123456" }, { email: "E-mail é obrigatório" }],
    [{ email: "cliente", password: "123456" }, { email: "E-mail inválido" }],
    [
      { email: "cliente@gmail.com", password: "12345" },
      { password: "Senha deve ter pelo menos 6 caracteres" },
    ],
    [
      { email: "x@", password: "1" },
      { email: "E-mail inválido", password: "Senha deve ter pelo menos 6 caracteres" },
    ],
  ])("%o → %o", (input, expected) => {
    expect(validateLogin(input)).toEqual(expected)
  })
})

describe("validateRegister", () => {
  const valid: RegisterInput = {
    displayName: "Maria Silva",
    email: "maria@gmail.com",
    password: "Segura123",
    confirmPassword: "Segura123",
    acceptTerms: true,
  }

  it("accepts a valid form", () => {
    expect(validateRegister(valid)).toEqual({})
  })

  it.each<[string, Partial<RegisterInput>, Record<string, string>]>([
    ["empty e-mail", { email: "" }, { email: "E-mail é obrigatório" }],
    ["malformed e-mail", { email: "maria@gmail" }, { email: "E-mail inválido" }],
    [
      "empty password (confirmation no longer matches)",
      { password: "" },
      { password: "Senha é obrigatória", confirmPassword: "Senhas não coincidem" },
    ],
    [
      "short password reports length first",
      { password: "abc", confirmPassword: "abc" },
      { password: "Senha deve ter pelo menos 8 caracteres" },
    ],
    [
      "no uppercase",
      { password: "segura123", confirmPassword: "segura123" },
      { password: "Senha deve ter pelo menos uma letra maiúscula" },
    ],
    [
      "no lowercase",
      { password: "SEGURA123", confirmPassword: "SEGURA123" },
      { password: "Senha deve ter pelo menos uma letra minúscula" },
    ],
    [
      "no digit",
      { password: "SeguraSenha", confirmPassword: "SeguraSenha" },
      { password: "Senha deve ter pelo menos um número" },
    ],
    [
      "uppercase is reported before lowercase",
      { password: "12345678", confirmPassword: "12345678" },
      { password: "Senha deve ter pelo menos uma letra maiúscula" },
    ],
    [
      "empty confirmation",
      { confirmPassword: "" },
      { confirmPassword: "Confirmação de senha é obrigatória" },
    ],
    ["different confirmation", { confirmPassword: "Segura124" }, { confirmPassword: "Senhas não coincidem" }],
    ["empty name", { displayName: "" }, { displayName: "Nome deve ter pelo menos 2 caracteres" }],
    ["name of one letter", { displayName: "M" }, { displayName: "Nome deve ter pelo menos 2 caracteres" }],
    [
      "name padded to 2 with spaces",
      { displayName: "  M  " },
      { displayName: "Nome deve ter pelo menos 2 caracteres" },
    ],
    ["name of 2 letters", { displayName: "Mo" }, {}],
    ["name of 50 letters", { displayName: "a".repeat(50) }, {}],
    ["name of 50 letters with padding", { displayName: `  ${"a".repeat(50)}  ` }, {}],
    [
      "name of 51 letters",
      { displayName: "a".repeat(51) },
      { displayName: "Nome deve ter no máximo 50 caracteres" },
    ],
    ["terms not accepted", { acceptTerms: false }, { acceptTerms: "Você deve aceitar os termos de uso" }],
  ])("%s", (_name, patch, expected) => {
    expect(validateRegister({ ...valid, ...patch })).toEqual(expected)
  })

  it("reports every failing field at once", () => {
    expect(
      validateRegister({ displayName: "", email: "", password: "", confirmPassword: "", acceptTerms: false }),
    ).toEqual({
      displayName: "Nome deve ter pelo menos 2 caracteres",
      email: "E-mail é obrigatório",
      password: "Senha é obrigatória",
      confirmPassword: "Confirmação de senha é obrigatória",
      acceptTerms: "Você deve aceitar os termos de uso",
    })
  })
})

describe("validateForgot", () => {
  it.each([
    ["maria@gmail.com", {}],
    ["", { email: "E-mail é obrigatório" }],
    ["maria", { email: "E-mail inválido" }],
  ])("%o → %o", (email, expected) => {
    expect(validateForgot({ email })).toEqual(expected)
  })
})

describe("validateReset", () => {
  it.each([
    ["Abc12345", "Abc12345", {}],
    ["", "", { password: "A senha deve ter pelo menos 8 caracteres" }],
    ["Ab1", "Ab1", { password: "A senha deve ter pelo menos 8 caracteres" }],
    // One rule with registration: 7 characters are no longer enough ('Abc123x' once ended in a generic error).
    ["Abc123x", "Abc123x", { password: "A senha deve ter pelo menos 8 caracteres" }],
    ["ABC12345", "ABC12345", { password: "A senha deve conter pelo menos uma letra minúscula" }],
    ["abc12345", "abc12345", { password: "A senha deve conter pelo menos uma letra maiúscula" }],
    ["Abcdefgh", "Abcdefgh", { password: "A senha deve conter pelo menos um número" }],
    // Lowercase is reported before uppercase here, unlike the register form.
    ["12345678", "12345678", { password: "A senha deve conter pelo menos uma letra minúscula" }],
    ["Abc12345", "Abc12346", { confirmPassword: "As senhas não coincidem" }],
    ["Abc12345", "", { confirmPassword: "As senhas não coincidem" }],
    [
      "abc",
      "abd",
      { password: "A senha deve ter pelo menos 8 caracteres", confirmPassword: "As senhas não coincidem" },
    ],
  ])("%o / %o → %o", (password, confirmPassword, expected) => {
    expect(validateReset({ password, confirmPassword })).toEqual(expected)
  })
})

describe("validatePasswordChange", () => {
  it.each([
    ["Antiga123", "Nova12345", "Nova12345", {}],
    ["", "Nova12345", "Nova12345", { currentPassword: "Senha é obrigatória" }],
    ["Antiga123", "Nova12345", "Nova12346", { confirmPassword: "As senhas não coincidem" }],
    ["Antiga123", "Nova12345", "", { confirmPassword: "Confirmação de senha é obrigatória" }],
    ["Antiga123", "nova", "nova", { newPassword: "A senha deve ter pelo menos 8 caracteres" }],
    ["Antiga123", "Antiga123", "Antiga123", { newPassword: SAME_PASSWORD_MESSAGE }],
  ])("%o → %o / %o → %o", (currentPassword, newPassword, confirmPassword, expected) => {
    expect(validatePasswordChange({ currentPassword, newPassword, confirmPassword })).toEqual(expected)
  })
})

describe("passwordStrength", () => {
  it.each([
    ["", 0, "Muito fraca"],
    ["ab", 20, "Muito fraca"],
    ["12345", 10, "Muito fraca"],
    ["!!!!!!", 30, "Muito fraca"],
    ["123456", 30, "Muito fraca"],
    ["abcdef", 40, "Fraca"],
    ["Str1x", 50, "Fraca"],
    ["Abcdef", 60, "Média"],
    ["abcdefghij", 60, "Média"],
    ["Abcdef1", 70, "Média"],
    ["Abcdefghij", 80, "Forte"],
    ["Abcdefghij1", 90, "Forte"],
    ["Abcdefghij1!", 100, "Forte"],
    ["senha com espaço", 70, "Média"],
  ])("%o → %i %s", (password, score, label) => {
    expect(passwordStrength(password)).toEqual({ score, label })
  })
})

describe("canSubmitReset", () => {
  it("threshold is 40", () => {
    expect(MIN_SUBMIT_STRENGTH).toBe(40)
  })

  it.each([
    ["123456", false],
    ["abcde", false],
    ["abcdef", true],
    ["Abc123", true],
  ])("%o → %o", (password, expected) => {
    expect(canSubmitReset(password)).toBe(expected)
  })
})

describe("loginErrorMessage", () => {
  it.each<[string | undefined, number | undefined, string]>([
    ["INVALID_EMAIL_OR_PASSWORD", undefined, "E-mail ou senha incorretos"],
    ["INVALID_EMAIL_OR_PASSWORD", 400, "E-mail ou senha incorretos"],
    [undefined, 401, "E-mail ou senha incorretos"],
    ["SOMETHING_ELSE", 401, "E-mail ou senha incorretos"],
    ["EMAIL_NOT_VERIFIED", undefined, "Confirme seu e-mail antes de fazer login"],
    ["EMAIL_NOT_VERIFIED", 401, "Confirme seu e-mail antes de fazer login"],
    ["EMAIL_NOT_VERIFIED", 403, "Confirme seu e-mail antes de fazer login"],
    [undefined, 429, "Muitas tentativas. Tente novamente em alguns minutos"],
    ["TOO_MANY_REQUESTS", undefined, "Muitas tentativas. Tente novamente em alguns minutos"],
    [undefined, undefined, "Erro no login. Tente novamente."],
    ["UNKNOWN", 500, "Erro no login. Tente novamente."],
    ["", 400, "Erro no login. Tente novamente."],
    ["ACCOUNT_BLOCKED", 403, "Sua conta está bloqueada. Fale com o atendimento para saber mais."],
  ])("%o / %o → %s", (code, status, message) => {
    expect(loginErrorMessage(code, status)).toBe(message)
  })

  it("catalogue", () => {
    expect(LOGIN_ERRORS).toEqual({
      invalidCredentials: "E-mail ou senha incorretos",
      emailNotVerified: "Confirme seu e-mail antes de fazer login",
      tooManyRequests: "Muitas tentativas. Tente novamente em alguns minutos",
      generic: "Erro no login. Tente novamente.",
      accountBlocked: "Sua conta está bloqueada. Fale com o atendimento para saber mais.",
    })
  })
})

describe("registerErrorMessage", () => {
  it.each<[string | undefined, number | undefined, string]>([
    ["USER_ALREADY_EXISTS", undefined, "Este e-mail já está cadastrado"],
    ["USER_ALREADY_EXISTS", 422, "Este e-mail já está cadastrado"],
    ["USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL", 422, "Este e-mail já está cadastrado"],
    ["PASSWORD_TOO_SHORT", 400, "Senha deve ter pelo menos 8 caracteres"],
    ["SIGNUP_DISABLED", 400, "Cadastro está temporariamente indisponível"],
    [undefined, 429, "Muitas tentativas. Aguarde alguns minutos..."],
    ["TOO_MANY_REQUESTS", undefined, "Muitas tentativas. Aguarde alguns minutos..."],
    [undefined, undefined, "Erro ao criar conta. Tente novamente."],
    ["UNKNOWN", 500, "Erro ao criar conta. Tente novamente."],
  ])("%o / %o → %s", (code, status, message) => {
    expect(registerErrorMessage(code, status)).toBe(message)
  })

  it("catalogue", () => {
    expect(REGISTER_ERRORS).toEqual({
      alreadyExists: "Este e-mail já está cadastrado",
      passwordTooShort: "Senha deve ter pelo menos 8 caracteres",
      signupDisabled: "Cadastro está temporariamente indisponível",
      tooManyRequests: "Muitas tentativas. Aguarde alguns minutos...",
      generic: "Erro ao criar conta. Tente novamente.",
    })
  })
})

describe("forgotErrorMessage", () => {
  it.each<[string | undefined, number | undefined, string]>([
    [undefined, 429, "Muitas tentativas. Aguarde alguns minutos..."],
    ["TOO_MANY_REQUESTS", undefined, "Muitas tentativas. Aguarde alguns minutos..."],
    [undefined, undefined, "Não foi possível enviar o e-mail. Tente novamente."],
    ["USER_NOT_FOUND", 400, "Não foi possível enviar o e-mail. Tente novamente."],
    [undefined, 500, "Não foi possível enviar o e-mail. Tente novamente."],
  ])("%o / %o → %s", (code, status, message) => {
    expect(forgotErrorMessage(code, status)).toBe(message)
  })

  it("catalogue", () => {
    expect(FORGOT_ERRORS).toEqual({
      tooManyRequests: "Muitas tentativas. Aguarde alguns minutos...",
      generic: "Não foi possível enviar o e-mail. Tente novamente.",
    })
  })
})

describe("password reset messages", () => {
  it.each([
    [SAME_PASSWORD_MESSAGE, "A nova senha deve ser diferente da senha anterior"],
    [RESET_FAILED_MESSAGE, "Não foi possível redefinir a senha. Tente novamente."],
  ])("%s", (actual, expected) => {
    expect(actual).toBe(expected)
  })
})

describe("the words a person reads", () => {
  it("spell e-mail with its hyphen", () => {
    const messages = [
      ...Object.values(VALIDATION_MESSAGES),
      ...Object.values(LOGIN_ERRORS),
      ...Object.values(REGISTER_ERRORS),
      ...Object.values(FORGOT_ERRORS),
      RESEND_CONFIRMATION_SENT,
    ]
    expect(messages.filter((m) => /(?<!-)\bemail/i.test(m))).toEqual([])
  })
})
