import { Effect } from "effect"

/**
 * A fake port that fails loudly, naming the method, when a test calls something it did not provide —
 * so a use case that starts depending on more of a port shows up in its tests at once.
 */
export function strictFake<S extends object>(portName: string, given: Partial<S>): S {
  return new Proxy(given as S, {
    get(target, prop, receiver) {
      if (typeof prop === "symbol" || prop in target) return Reflect.get(target, prop, receiver)
      if (prop === "then" || prop === "toJSON") return undefined
      return () => Effect.die(new Error(`${portName}.${prop} was not given to this fake`))
    },
  })
}
