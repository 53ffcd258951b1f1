import { describe, expect, it } from "vitest"
import { PAYMENT_MESSAGES } from "../../domain/orders/paymentMessages"
import {
  binOf,
  CardTokenError,
  clearsInvalidCard,
  SANDBOX_MASKS,
  sandboxFieldState,
  sandboxTokenRequest,
  tokenFailure,
  tokenInputOf,
} from "./cardEntry"

describe("the sandbox's own card fields", () => {
  it("mask what is typed like the store's inputs always did", () => {
    expect(SANDBOX_MASKS.number("5031433215406351")).toBe("5031 4332 1540 6351")
    expect(SANDBOX_MASKS.expiry("1130")).toBe("11/30")
    expect(SANDBOX_MASKS.securityCode("12a345")).toBe("1234")
  })

  it("are complete when valid, and say why not only once the customer leaves them", () => {
    expect(sandboxFieldState("number", "5031 4332 1540 6351", false)).toEqual({ complete: true, error: null })
    expect(sandboxFieldState("number", "5031 4332 1540 6352", false)).toEqual({
      complete: false,
      error: null,
    })
    expect(sandboxFieldState("number", "5031 4332 1540 6352", true)).toEqual({
      complete: false,
      error: "Número do cartão inválido",
    })
    expect(sandboxFieldState("expiry", "13/30", true).error).toBe("Validade inválida (use MM/AA)")
    expect(sandboxFieldState("expiry", "11/30", true)).toEqual({ complete: true, error: null })
    expect(sandboxFieldState("securityCode", "12", true).error).toBe("Código de segurança inválido")
    // An empty field left behind is only incomplete: the form says so when it is sent.
    expect(sandboxFieldState("securityCode", "", true)).toEqual({ complete: false, error: null })
  })

  it("tell the card's first six digits once typed, as Mercado Pago's binChange does", () => {
    expect(binOf("5031 4")).toBeNull()
    expect(binOf("5031 43")).toBe("503143")
    expect(binOf("5031 4332 1540 6351")).toBe("503143")
  })

  it("ask the sandbox for a token with MercadoPago.js's field names", () => {
    const card = tokenInputOf({ holder: " APRO ", fields: {} as never }, "123.456.789-09")
    expect(card).toEqual({
      cardholderName: "APRO",
      identificationType: "CPF",
      identificationNumber: "12345678909",
    })
    expect(
      sandboxTokenRequest({ number: "5031 4332 1540 6351", expiry: "11/30", securityCode: "123" }, card),
    ).toEqual({
      cardNumber: "5031433215406351",
      cardExpirationMonth: "11",
      cardExpirationYear: "2030",
      securityCode: "123",
      cardholderName: "APRO",
      identificationType: "CPF",
      identificationNumber: "12345678909",
    })
  })
})

describe("a tokenizer's refusal", () => {
  it("goes under the field it names, in the form's own names", () => {
    expect(tokenFailure(new CardTokenError("Cartão vencido", "expirationDate"))).toEqual({
      message: PAYMENT_MESSAGES.invalidCard,
      fieldErrors: { expiry: "Cartão vencido" },
    })
    expect(tokenFailure(new CardTokenError("Limite de tentativas"))).toEqual({
      message: "Limite de tentativas",
      fieldErrors: {},
    })
    expect(tokenFailure(new Error("boom")).message).toBe(PAYMENT_MESSAGES.processFailed)
  })

  it("'Dados do cartão inválidos' is the one message a correction takes away", () => {
    expect(clearsInvalidCard(PAYMENT_MESSAGES.invalidCard)).toBeNull()
    expect(clearsInvalidCard(PAYMENT_MESSAGES.loadFailed)).toBe(PAYMENT_MESSAGES.loadFailed)
  })
})
