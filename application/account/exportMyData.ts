import { Effect } from "effect"
import { disclosedPiece } from "../../domain/catalog/characterDisclosure"
import { NotSignedIn } from "../errors"
import { AccountData, type NamedPiece } from "../ports/AccountData"
import { Clock } from "../ports/Clock"
import { CurrentUser } from "../ports/CurrentUser"
import { confirmPassword } from "./confirmPassword"

/**
 * LGPD art. 18 portability: the signed-in customer's own data as a JSON document; nobody else's. The password
 * is asked again: a session left open on a shared computer must not hand over everything.
 */
export const exportMyData = Effect.fn("Account.exportMyData")(function* (password: string) {
  const { viewer } = yield* CurrentUser
  if (!viewer) return yield* new NotSignedIn()
  yield* confirmPassword(viewer, password)
  const data = yield* (yield* AccountData).exportFor(viewer.id)
  if (!data) return yield* new NotSignedIn()
  const now = yield* (yield* Clock).now()
  // The customer's own records still keep a character they have not seen revealed: each is named as they see it.
  const named = <T extends NamedPiece>({ reveal, ...piece }: T) => ({
    ...piece,
    character: disclosedPiece({ name: piece.character }, reveal, now).name,
  })
  const namedOrNull = <T extends NamedPiece>(piece: T | null) => (piece ? named(piece) : null)
  const { community } = data
  return {
    exportedAt: new Date(now).toISOString(),
    store: "Legendarium",
    ...data,
    orders: data.orders.map((order) => ({
      ...order,
      lines: order.lines.map(({ reveal, ...line }) => disclosedPiece(line, reveal, now)),
    })),
    waitlists: data.waitlists.map(named),
    planMonths: data.planMonths.map((month) => ({
      ...month,
      heldCharacter: namedOrNull(month.heldCharacter),
    })),
    cart: data.cart.map(named),
    community: {
      ...community,
      pieces: community.pieces.map(named),
      favourites: community.favourites.map(named),
      trades: community.trades.map((trade) => ({
        ...trade,
        yourPiece: namedOrNull(trade.yourPiece),
        theirPiece: namedOrNull(trade.theirPiece),
      })),
    },
  }
})
