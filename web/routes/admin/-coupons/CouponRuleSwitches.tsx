/** The coupon's optional rules, as checkboxes with what each one means at checkout. */
export const COUPON_RULES = [
  {
    name: "oncePerCustomer",
    label: "Uso único por cliente",
    hint: "Cada cliente (conta ou CPF) usa uma vez, em pedidos pagos ou aguardando pagamento.",
  },
  {
    name: "notWithCoins",
    label: "Não acumula com moedas",
    hint: "Recusado em pedidos que usam moedas da comunidade.",
  },
] as const

export type CouponRuleName = (typeof COUPON_RULES)[number]["name"]

export function CouponRuleSwitches({
  values,
  onChange,
}: {
  values: Readonly<Record<CouponRuleName, boolean>>
  onChange: (name: CouponRuleName, value: boolean) => void
}) {
  return (
    <fieldset className="grid gap-3 sm:grid-cols-2">
      <legend className="mb-1 text-sm font-medium">Regras</legend>
      {COUPON_RULES.map((rule) => (
        <label key={rule.name} className="flex min-h-11 items-start gap-3 rounded-xl border border-theme p-3">
          <input
            type="checkbox"
            className="mt-1 h-4 w-4"
            checked={values[rule.name]}
            onChange={(e) => onChange(rule.name, e.target.checked)}
          />
          <span className="grid gap-0.5">
            <span className="text-sm font-medium">{rule.label}</span>
            <span className="text-xs text-muted">{rule.hint}</span>
          </span>
        </label>
      ))}
    </fieldset>
  )
}
