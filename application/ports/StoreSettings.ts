import { Context, type Effect } from "effect"

export interface StoreSettingsValues {
  readonly supportEmail: string
  readonly supportHours: string
  readonly whatsappNumber: string
  readonly shippingOriginCep: string
  /** Collections whose names contain any of these are hidden from /planos. */
  readonly plansHiddenNames: readonly string[]
}

export class StoreSettings extends Context.Service<
  StoreSettings,
  {
    get(): Effect.Effect<StoreSettingsValues>
  }
>()("store/application/StoreSettings") {}
