import { addDays, parseIsoDay, saoPauloMidnightUtcMs, toSaoPauloCivil } from "../calendar"
import type { Cents } from "../money"
import { COUPON_CODE_PATTERN, type Coupon, type CouponType, normalizeCouponCode } from "./coupon"

/** The administration's rules for coupons (spec 002 §3–§5): statuses, the form's validation, duplicating. */

export const COUPON_TYPES = ["percentage", "fixed", "free_shipping"] as const satisfies readonly CouponType[]

export const COUPON_TYPE_LABEL: Readonly<Record<CouponType, string>> = {
  percentage: "Porcentagem",
  fixed: "Valor fixo",
  free_shipping: "Frete grátis",
}

export const COUPON_STATUSES = ["active", "inactive", "expired"] as const
export type CouponStatus = (typeof COUPON_STATUSES)[number]

export const COUPON_STATUS_LABEL: Readonly<Record<CouponStatus, string>> = {
  active: "Ativo",
  inactive: "Inativo",
  expired: "Expirado",
}

export const COUPON_SORTS = ["recent", "code", "uses"] as const
export type CouponSort = (typeof COUPON_SORTS)[number]
export const COUPON_SORT_LABEL: Readonly<Record<CouponSort, string>> = {
  recent: "Mais recentes",
  code: "Código (A–Z)",
  uses: "Mais usados",
}

export const COUPON_PAGE_SIZE = 20
export const COUPON_CODE_MAX = 30

export const COUPON_ADMIN_MESSAGES = {
  codeRequired: "Código do cupom é obrigatório",
  codeFormat: "Use de 3 a 30 letras sem acento, números, - ou _",
  codeTaken: "Já existe um cupom com este código",
  valueRequired: "Informe o valor do desconto",
  percentRange: "A porcentagem deve ser um número inteiro de 1 a 100",
  fixedPositive: "O desconto fixo deve ser maior que zero",
  minimum: "O pedido mínimo não pode ser negativo",
  maximumDiscount: "O desconto máximo deve ser maior que zero",
  maxUses: "O limite de usos deve ser um número inteiro a partir de 1",
  validFrom: "Informe uma data de início válida",
  validUntil: "O fim da validade não pode ser antes do início",
  maxUsesBelowUses: (uses: number) => `O limite de usos não pode ser menor que os ${uses} usos já feitos`,
  created: "Cupom criado com sucesso!",
  updated: "Cupom atualizado!",
  activated: "Cupom ativado",
  deactivated: "Cupom desativado",
  duplicated: "Cupom duplicado (inativo)",
  deleted: "Cupom excluído!",
  copied: "Código copiado!",
  notFound: "Cupom não encontrado",
  loadFailed: "Erro ao carregar cupons",
  createFailed: "Erro ao criar cupom",
  updateFailed: "Erro ao atualizar cupom",
  deleteFailed: "Erro ao excluir cupom",
} as const

/**
 * One status per coupon, so the three filters split the list: past its end it is expired whatever its switch
 * (spec 002 §4: expired means valid_until in the past; active means active and not expired).
 */
export function couponStatus(coupon: Pick<Coupon, "isActive" | "validUntil">, now: number): CouponStatus {
  if (coupon.validUntil !== null && coupon.validUntil < now) return "expired"
  return coupon.isActive ? "active" : "inactive"
}

/** The coupon fields an administrator sets; its uses are the checkout's, its switch has its own action. */
export type CouponFields = Omit<Coupon, "totalUses" | "isActive">

/** The form as typed, numbers already parsed (null when blank); days are São Paulo "YYYY-MM-DD". */
export interface CouponDraft {
  readonly code: string
  readonly type: CouponType
  readonly value: number | null
  readonly minimumOrderValue: Cents | null
  readonly maximumDiscount: Cents | null
  readonly maxUses: number | null
  readonly validFrom: string
  readonly validUntil: string | null
  readonly oncePerCustomer: boolean
  readonly notWithCoins: boolean
}

export type CouponField = keyof CouponDraft

export type CheckedCoupon =
  | { readonly ok: true; readonly fields: CouponFields }
  | { readonly ok: false; readonly errors: Partial<Record<CouponField, string>>; readonly message: string }

/** Spec 002 §5 defaults: percentage, 10 %, minimum order 0, valid from today (São Paulo). */
export const defaultCouponDraft = (now: number): CouponDraft => ({
  code: "",
  type: "percentage",
  value: 10,
  minimumOrderValue: 0,
  maximumDiscount: null,
  maxUses: null,
  validFrom: isoDay(now),
  validUntil: null,
  oncePerCustomer: false,
  notWithCoins: false,
})

/** The São Paulo day of an instant as "YYYY-MM-DD". */
export function isoDay(epochMs: number): string {
  const { year, month, day } = toSaoPauloCivil(epochMs)
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`
}

const isCount = (n: number | null): n is number => n !== null && Number.isSafeInteger(n)

/** The value's rule per type, alone: a percentage of 1–100, a positive fixed amount, nothing for free shipping. */
const VALUE_RULES: Readonly<Record<CouponType, (value: number | null) => string | null>> = {
  percentage: (v) =>
    v === null
      ? COUPON_ADMIN_MESSAGES.valueRequired
      : isCount(v) && v >= 1 && v <= 100
        ? null
        : COUPON_ADMIN_MESSAGES.percentRange,
  fixed: (v) =>
    v === null
      ? COUPON_ADMIN_MESSAGES.valueRequired
      : isCount(v) && v > 0
        ? null
        : COUPON_ADMIN_MESSAGES.fixedPositive,
  free_shipping: () => null,
}

/**
 * The form's rules, the same on the screen and in the use case: every field's error at once (the form shows
 * each by its field), `message` the first of them (what a toast or the API says).
 */
export function validateCouponDraft(draft: CouponDraft): CheckedCoupon {
  const errors: Partial<Record<CouponField, string>> = {}
  const code = normalizeCouponCode(draft.code)
  if (code === "") errors.code = COUPON_ADMIN_MESSAGES.codeRequired
  else if (!COUPON_CODE_PATTERN.test(code)) errors.code = COUPON_ADMIN_MESSAGES.codeFormat
  const valueError = VALUE_RULES[draft.type](draft.value)
  if (valueError) errors.value = valueError
  const minimum = draft.minimumOrderValue ?? 0
  if (!isCount(minimum) || minimum < 0) errors.minimumOrderValue = COUPON_ADMIN_MESSAGES.minimum
  const capped = draft.type === "percentage" ? draft.maximumDiscount : null
  if (capped !== null && !(isCount(capped) && capped > 0))
    errors.maximumDiscount = COUPON_ADMIN_MESSAGES.maximumDiscount
  if (draft.maxUses !== null && !(isCount(draft.maxUses) && draft.maxUses >= 1))
    errors.maxUses = COUPON_ADMIN_MESSAGES.maxUses
  const first = parseIsoDay(draft.validFrom)
  const last = draft.validUntil ? parseIsoDay(draft.validUntil) : null
  if (!first) errors.validFrom = COUPON_ADMIN_MESSAGES.validFrom
  if (draft.validUntil && (!last || (first && saoPauloMidnightUtcMs(last) < saoPauloMidnightUtcMs(first))))
    errors.validUntil = COUPON_ADMIN_MESSAGES.validUntil
  const message = Object.values(errors)[0]
  if (message || !first) return { ok: false, errors, message: message ?? COUPON_ADMIN_MESSAGES.validFrom }
  return {
    ok: true,
    fields: {
      code,
      type: draft.type,
      value: draft.type === "free_shipping" ? 0 : (draft.value ?? 0),
      minimumOrderValue: minimum,
      maximumDiscount: capped,
      maxUses: draft.maxUses,
      validFrom: saoPauloMidnightUtcMs(first),
      // The last day counts whole: the coupon ends at the last millisecond of it (checkout refuses after).
      validUntil: last ? saoPauloMidnightUtcMs(addDays(last, 1)) - 1 : null,
      oncePerCustomer: draft.oncePerCustomer,
      notWithCoins: draft.notWithCoins,
    },
  }
}

/** An edit may lower the limit, but not below the uses already counted (the table's check would refuse it). */
export const maxUsesBelowUses = (maxUses: number | null, totalUses: number): string | null =>
  maxUses !== null && maxUses < totalUses ? COUPON_ADMIN_MESSAGES.maxUsesBelowUses(totalUses) : null

/** A stored coupon back as the form's draft (edit mode). */
export const draftOfCoupon = (coupon: CouponFields): CouponDraft => ({
  code: coupon.code,
  type: coupon.type,
  value: coupon.type === "free_shipping" ? null : coupon.value,
  minimumOrderValue: coupon.minimumOrderValue,
  maximumDiscount: coupon.maximumDiscount,
  maxUses: coupon.maxUses,
  validFrom: isoDay(coupon.validFrom),
  validUntil: coupon.validUntil === null ? null : isoDay(coupon.validUntil),
  oncePerCustomer: coupon.oncePerCustomer,
  notWithCoins: coupon.notWithCoins,
})

export const COPY_SUFFIX = "-COPIA"

/**
 * The code of a copy: CODE-COPIA, then CODE-COPIA2, -COPIA3… past those `taken`; the original is cut so the
 * whole stays within the code pattern's 30 characters.
 */
export function duplicateCode(code: string, taken: ReadonlySet<string>): string {
  for (let n = 1; ; n++) {
    const suffix = n === 1 ? COPY_SUFFIX : `${COPY_SUFFIX}${n}`
    const candidate = `${code.slice(0, COUPON_CODE_MAX - suffix.length)}${suffix}`
    if (!taken.has(candidate)) return candidate
  }
}

/** The copy's fields (spec 002 §4): same conditions under the new code; the store starts it unused and inactive. */
export const duplicateFields = (coupon: CouponFields, code: string): CouponFields => ({
  code,
  type: coupon.type,
  value: coupon.value,
  minimumOrderValue: coupon.minimumOrderValue,
  maximumDiscount: coupon.maximumDiscount,
  maxUses: coupon.maxUses,
  validFrom: coupon.validFrom,
  validUntil: coupon.validUntil,
  oncePerCustomer: coupon.oncePerCustomer,
  notWithCoins: coupon.notWithCoins,
})

/** The list's filters, as the store applies them. */
export interface CouponFilter {
  /** Part of the code, any case. */
  readonly search?: string
  readonly type?: CouponType
  readonly status?: CouponStatus
  /** Created at or after (epoch ms). */
  readonly from?: number
  /** Created before (epoch ms). */
  readonly to?: number
}

/** The filter over one coupon: the rule the SQL adapter and the in-memory store both follow. */
export function matchesCouponFilter(
  coupon: Pick<Coupon, "code" | "type" | "isActive" | "validUntil"> & { readonly createdAt: number },
  filter: CouponFilter,
  now: number,
): boolean {
  if (filter.search && !coupon.code.includes(normalizeCouponCode(filter.search))) return false
  if (filter.type && coupon.type !== filter.type) return false
  if (filter.status && couponStatus(coupon, now) !== filter.status) return false
  if (filter.from !== undefined && coupon.createdAt < filter.from) return false
  if (filter.to !== undefined && coupon.createdAt >= filter.to) return false
  return true
}
