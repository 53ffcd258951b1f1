import { describe, expect, it } from "vitest"
import { anOrder } from "../../tests/fakes/orderFixtures"
import { payerOf } from "./submitPayment"

describe("the payer the gateway is told", () => {
  const gift = anOrder({ cpf: "52998224725" })
  const giftTo = { ...gift, address: { ...gift.address, name: "Carla Mendes Dias" } }

  it("is the account holder with the checkout's CPF, not the gift's recipient", () => {
    expect(payerOf(giftTo, { email: "ana@example.com", name: "Ana Souza" })).toMatchObject({
      email: "ana@example.com",
      firstName: "Ana",
      lastName: "Souza",
      cpf: "52998224725",
      address: { zipCode: giftTo.address.zipCode, city: giftTo.address.city },
    })
  })

  it("keeps a compound surname and a one-word name whole", () => {
    expect(payerOf(giftTo, { email: "a@b.com", name: "  Ana  Maria de  Souza " })).toMatchObject({
      firstName: "Ana",
      lastName: "Maria de Souza",
    })
    expect(payerOf(giftTo, { email: "a@b.com", name: "Xuxa" })).toMatchObject({
      firstName: "Xuxa",
      lastName: "Xuxa",
    })
  })

  it("falls back to the delivery name only for an account without one", () => {
    expect(payerOf(giftTo, { email: "a@b.com", name: " " })).toMatchObject({
      firstName: "Carla",
      lastName: "Mendes Dias",
    })
  })
})
