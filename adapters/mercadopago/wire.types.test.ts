import type { PaymentResponse } from "mercadopago/dist/clients/payment/commonTypes"
import type { PreferenceResponse } from "mercadopago/dist/clients/preference/commonTypes"
import { describe, expectTypeOf, it } from "vitest"
import type { z } from "zod"
import type { PaymentSchema, PreferenceSchema } from "./wire"

// Checked by the type checker (tsc runs over every test): a field our parsers read that the SDK's published
// response types do not have is a field Mercado Pago does not send, and fails the build here.

type IsAny<T> = 0 extends 1 & T ? true : false
type Record_<T> =
  NonNullable<T> extends readonly unknown[] ? never : NonNullable<T> extends object ? NonNullable<T> : never

/** The paths of `Ours` that `Theirs` lacks ("card.last_four_digits"), never when every one is there. */
type Unknown<Ours, Theirs> = {
  [K in keyof Ours & string]: K extends keyof Theirs
    ? IsAny<Theirs[K]> extends true
      ? never
      : [Record_<Ours[K]>] extends [never]
        ? never
        : Unknown<Record_<Ours[K]>, Record_<Theirs[K]>> extends infer Missing extends string
          ? `${K}.${Missing}`
          : never
    : K
}[keyof Ours & string]

describe("the fields our parsers read exist in the SDK's response types", () => {
  it("payments", () => {
    expectTypeOf<Unknown<z.output<typeof PaymentSchema>, PaymentResponse>>().toEqualTypeOf<never>()
  })

  it("preferences", () => {
    expectTypeOf<Unknown<z.output<typeof PreferenceSchema>, PreferenceResponse>>().toEqualTypeOf<never>()
  })

  it("would name a field the SDK does not have", () => {
    type Invented = { id: number; card: { last_four_digits: string; nickname: string }; pix_key: string }
    expectTypeOf<Unknown<Invented, PaymentResponse>>().toEqualTypeOf<"card.nickname" | "pix_key">()
  })
})
