import { optionalEnum, optionalString } from "../../lib/search"

/** /ranking's state lives in the address, so a shared link opens the same view (Portuguese keys). */
export interface RankingSearch {
  ordem?: "score" | "level" | "streak"
  periodo?: "mes"
  busca?: string
  pagina?: number
}

/** Sanitises what the address holds; runs in the page's own chunk (the route keeps only a cast). */
export function cleanRankingSearch(search: Record<string, unknown>): RankingSearch {
  const page = Number(search.pagina)
  return {
    ordem: optionalEnum(search.ordem, ["score", "level", "streak"] as const),
    periodo: optionalEnum(search.periodo, ["mes"] as const),
    busca: optionalString(search.busca, 60),
    pagina: Number.isInteger(page) && page > 1 && page <= 10_000 ? page : undefined,
  }
}

export const rankingInput = (raw: RankingSearch) => {
  const s = cleanRankingSearch(raw as Record<string, unknown>)
  return {
    sort: s.ordem ?? "score",
    period: s.periodo === "mes" ? ("month" as const) : ("all" as const),
    search: s.busca ?? "",
    page: s.pagina ?? 1,
  }
}
