import { Effect } from "effect"
import { InvalidInput } from "../errors"
import { Newsletter } from "../ports/Newsletter"

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/

export const subscribeNewsletter = Effect.fn("Catalog.subscribeNewsletter")(function* (rawEmail: string) {
  const email = rawEmail.trim().toLowerCase()
  if (email.length > 254 || !EMAIL.test(email)) return yield* new InvalidInput({ message: "Email inválido" })
  const created = yield* (yield* Newsletter).subscribe(email, "footer")
  return { created }
})
