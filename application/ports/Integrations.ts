import { Context } from "effect"

export interface IntegrationState {
  readonly configured: boolean
  /** "sandbox" / "produção" where the service has both; never a key or a token. */
  readonly mode: "sandbox" | "production" | null
}

/** Which external services the server was configured with, read-only for the settings screen. */
export class Integrations extends Context.Service<
  Integrations,
  {
    readonly mercadoPago: IntegrationState
    readonly melhorEnvio: IntegrationState
    readonly smtp: IntegrationState
  }
>()("store/application/Integrations") {}
