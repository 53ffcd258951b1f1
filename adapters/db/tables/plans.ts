import type { ColumnType, Generated } from "kysely"
import type { PeriodKey } from "../../../domain/subscriptions/prepaidPlans"

/** Spec 002 §3 prepaid plan; money in centavos like every other table. */
export interface PrepaidPlansTable {
  id: PeriodKey
  name: string
  description: string
  price_cents: number
  edition_count: number
  is_active: boolean
  is_popular: boolean
  discount_per_box_cents: number
  savings_percentage: number
  features: ColumnType<string[], string | undefined, string>
  created_at: Generated<Date>
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>
}
