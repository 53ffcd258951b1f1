import { Effect } from "effect"
import { PaymentGateway } from "../../application/ports/PaymentGateway"

/** Runs `effect` with the ambient payment gateway's calls replaced by `change` (a crash, a recorder). */
export const withGateway = <A, E, R>(
  effect: Effect.Effect<A, E, R>,
  change: (gateway: PaymentGateway["Service"]) => Partial<PaymentGateway["Service"]>,
): Effect.Effect<A, E, R | PaymentGateway> =>
  Effect.flatMap(PaymentGateway, (gateway) =>
    effect.pipe(Effect.provideService(PaymentGateway, PaymentGateway.of({ ...gateway, ...change(gateway) }))),
  )

/** The gateway as a dying process sees it: killed before the call leaves, or right after the gateway made it. */
export const killedAtPayment = <A, E, R>(effect: Effect.Effect<A, E, R>, afterCall: boolean) =>
  withGateway(effect, (gateway) => ({
    createPayment: (request) =>
      afterCall
        ? Effect.flatMap(gateway.createPayment(request), () => Effect.die(new Error("kill -9")))
        : Effect.die(new Error("kill -9")),
  }))
