export { formatBRL } from "../../domain/money"

const dateFormatter = new Intl.DateTimeFormat("pt-BR", { timeZone: "America/Sao_Paulo" })

export const formatDate = (epochMs: number) => dateFormatter.format(epochMs)

export const truncate = (text: string, max: number) =>
  text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`
