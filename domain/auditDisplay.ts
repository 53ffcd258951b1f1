import { type CivilDate, formatDateBR, formatTimeBR, toSaoPauloCivil } from "./calendar"
import { formatBRL } from "./cents"

/** The audit log's field names in pt-BR; a field not listed shows as stored. */
const LABELS: Readonly<Record<string, string>> = {
  name: "Nome",
  theme: "Tema",
  description: "Descrição",
  tagline: "Chamada",
  price: "Preço",
  startDate: "Início",
  endDate: "Término",
  isActive: "Ativo",
  isFeatured: "Destaque",
  imageUrl: "Imagem",
  displayMonth: "Mês de exibição",
  editionYear: "Ano da edição",
  rarity: "Raridade",
  universe: "Universo",
  hints: "Dicas",
  stats: "Atributos",
  weightGrams: "Peso (g)",
  dimensions: "Dimensões (cm)",
  editionSize: "Tiragem",
  collectorLimit: "Limite por colecionador",
  teaserAt: "Teaser",
  previewAt: "Prévia",
  revealAt: "Revelação",
  scale: "Escala",
  details: "Detalhes",
  code: "Código",
  type: "Tipo",
  value: "Valor",
  minimumOrderValue: "Pedido mínimo",
  maximumDiscount: "Desconto máximo",
  maxUses: "Limite de usos",
  validFrom: "Válido desde",
  validUntil: "Válido até",
  oncePerCustomer: "Uso único por cliente",
  notWithCoins: "Não acumula com moedas",
  role: "Papel",
  blockedAt: "Bloqueado em",
  email: "E-mail",
  title: "Título",
  message: "Mensagem",
  audience: "Público",
  rows: "Linhas",
  pixDiscount: "Desconto no PIX",
  interestFreeInstallments: "Parcelas sem juros",
  minInstallmentCents: "Parcela mínima",
  coinValueCents: "Valor da moeda",
  coinMaxPercent: "Limite das moedas",
  purchaseWindowHours: "Prazo da reserva (h)",
}

const ROLES: Readonly<Record<string, string>> = { admin: "Admin", moderator: "Moderador", user: "Cliente" }
const MONEY = /^(price|minimumOrderValue|maximumDiscount|amount|total|unitPrice)$|Cents$/
const INSTANT = /At$|^valid(From|Until)$/
const CIVIL = /^(\d{4})-(\d{2})-(\d{2})$/
// Instants are epoch milliseconds; a smaller number under such a name is not one.
const EPOCH_FLOOR = 10 ** 11

export const auditFieldLabel = (field: string): string => LABELS[field] ?? field

const isCivil = (value: unknown): value is CivilDate =>
  typeof value === "object" &&
  value !== null &&
  ["year", "month", "day"].every((k) => typeof (value as Record<string, unknown>)[k] === "number")

/** A value as the log shows it: money in reais, instants and dates the Brazilian way, short, on one line. */
export function auditValue(field: string, value: unknown): string {
  if (value === null || value === undefined || value === "") return "—"
  if (typeof value === "boolean") return value ? "sim" : "não"
  if (typeof value === "number" && Number.isSafeInteger(value)) {
    if (MONEY.test(field)) return formatBRL(value)
    if (INSTANT.test(field) && value >= EPOCH_FLOOR)
      return `${formatDateBR(toSaoPauloCivil(value))} ${formatTimeBR(value)}`
  }
  if (typeof value === "string") {
    const civil = CIVIL.exec(value)
    if (civil) return `${civil[3]}/${civil[2]}/${civil[1]}`
    if (field === "role" && value in ROLES) return ROLES[value] as string
  }
  if (isCivil(value)) return formatDateBR(value)
  const text = typeof value === "string" ? value : JSON.stringify(value)
  return text.length > 120 ? `${text.slice(0, 119)}…` : text
}
