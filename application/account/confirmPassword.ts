import { Effect } from "effect"
import { LOGIN_ERRORS } from "../../domain/accounts/authValidation"
import { TooManyRequests, WrongPassword } from "../errors"
import { ClientAddress } from "../ports/ClientAddress"
import { Credentials } from "../ports/Credentials"
import type { Viewer } from "../ports/CurrentUser"

/**
 * Asks the signed-in person for their password again before something sensitive (export, deletion). A wrong
 * password counts against the same throttle as signing in, so it cannot be used to guess one.
 */
export const confirmPassword = Effect.fnUntraced(function* (viewer: Viewer, password: string) {
  const credentials = yield* Credentials
  const address = yield* ClientAddress
  if (yield* credentials.isThrottled(viewer.email, address))
    return yield* new TooManyRequests({ message: LOGIN_ERRORS.tooManyRequests })
  if (yield* credentials.verifyPassword(viewer.id, password)) return
  yield* credentials.recordWrongPassword(viewer.email, address)
  return yield* new WrongPassword()
})
