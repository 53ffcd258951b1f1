import { Effect } from "effect"
import { Clock } from "../ports/Clock"
import { CommunityReads, type RankingPeriod, type RankingSort } from "../ports/CommunityReads"
import { CurrentUser } from "../ports/CurrentUser"
import { rankingRowView } from "./views"

export const RANKING_PAGE_SIZE = 20

/** /ranking: one page of collectors in the chosen sort and period, the four cards, and the viewer's own row. */
export const getRanking = Effect.fn("Community.getRanking")(function* (input: {
  readonly sort: RankingSort
  readonly period: RankingPeriod
  readonly search: string
  readonly page: number
}) {
  const { viewer } = yield* CurrentUser
  const viewerId = viewer?.id ?? null
  const now = yield* (yield* Clock).now()
  const page = yield* (yield* CommunityReads).ranking({
    ...input,
    pageSize: RANKING_PAGE_SIZE,
    now,
    viewerId,
  })
  return {
    rows: page.rows.map((row) => rankingRowView(row, viewerId)),
    total: page.total,
    page: input.page,
    pages: Math.max(1, Math.ceil(page.total / RANKING_PAGE_SIZE)),
    summary: page.summary,
    viewer: page.viewer ? rankingRowView(page.viewer, viewerId) : null,
  }
})

export type RankingView = Effect.Success<ReturnType<typeof getRanking>>
