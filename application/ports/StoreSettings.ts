import { Context, type Effect } from "effect"
import type { StoreConventions } from "../../domain/storeConventions"

export interface StoreSettingsValues {
  readonly supportEmail: string
  readonly supportHours: string
  readonly whatsappNumber: string
  readonly shippingOriginCep: string
  /** Collections whose names contain any of these are hidden from /planos. */
  readonly plansHiddenNames: readonly string[]
  /** PIX discount, interest-free instalments, the waitlist's purchase window, what a coin is worth. */
  readonly conventions: StoreConventions
}

/** What the environment configures; the conventions have no environment default, only the domain's. */
export type ConfiguredSettings = Omit<StoreSettingsValues, "conventions">

export class StoreSettings extends Context.Service<
  StoreSettings,
  {
    get(): Effect.Effect<StoreSettingsValues>
  }
>()("store/application/StoreSettings") {}
