export { formatBRL } from "../../domain/cents"

// Made on first use: the first Intl formatter of a page loads the browser's locale data, which the shell's
// evaluation should not pay for.
let dateFormatter: Intl.DateTimeFormat | undefined

/** A São Paulo calendar date, "24/11/2026". */
export const formatDate = (epochMs: number) => {
  dateFormatter ??= new Intl.DateTimeFormat("pt-BR", { timeZone: "America/Sao_Paulo" })
  return dateFormatter.format(epochMs)
}

export const truncate = (text: string, max: number) =>
  text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`
