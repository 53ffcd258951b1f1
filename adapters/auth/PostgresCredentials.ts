import { verifyPassword } from "better-auth/crypto"
import { Effect, Layer } from "effect"
import { Credentials } from "../../application/ports/Credentials"
import { Db, query } from "../db/DatabaseService"
import { signInThrottle } from "./signInThrottle"

export const PostgresCredentialsLayer = Layer.effect(
  Credentials,
  Effect.gen(function* () {
    const { db } = yield* Db
    const throttle = signInThrottle(db)
    return Credentials.of({
      verifyPassword: (userId, password) =>
        query(async () => {
          const account = await db
            .selectFrom("auth_account")
            .select("password")
            .where("userId", "=", userId)
            .where("providerId", "=", "credential")
            .executeTakeFirst()
          return account?.password ? verifyPassword({ hash: account.password, password }) : false
        }),
      isThrottled: (email, address) => query(() => throttle.isBlocked(email.toLowerCase(), address)),
      recordWrongPassword: (email, address) =>
        query(() => throttle.recordFailure(email.toLowerCase(), address)),
    })
  }),
)
