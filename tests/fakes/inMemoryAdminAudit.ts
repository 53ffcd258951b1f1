import { Effect, Layer } from "effect"
import { AdminAuditLog, type AdminChange } from "../../application/ports/AdminAuditLog"
import type { Transactional } from "./inMemoryEvents"

/** The admin change log in memory; it rolls back with the unit of work it joins (pass `participant`). */
export function inMemoryAdminAudit() {
  let changes: AdminChange[] = []
  const participant: Transactional = {
    snapshot: () => {
      const saved = [...changes]
      return () => {
        changes = saved
      }
    },
  }
  const log = AdminAuditLog.of({
    record: (change) => Effect.sync(() => void changes.push(structuredClone(change))),
    browse: (query) =>
      Effect.sync(() => {
        const search = query.search?.toLowerCase()
        const matching = changes
          .filter((c) => !query.subjectType || c.subjectType === query.subjectType)
          .filter(
            (c) =>
              !search ||
              (c.actor.email ?? "").toLowerCase().includes(search) ||
              c.subjectLabel.toLowerCase().includes(search),
          )
          .filter(
            (c) =>
              (query.from === undefined || c.at >= query.from) && (query.to === undefined || c.at < query.to),
          )
          .sort((a, b) => b.at - a.at || b.id.localeCompare(a.id))
        const start = (query.page - 1) * query.pageSize
        return { rows: matching.slice(start, start + query.pageSize), total: matching.length }
      }),
  })
  return { participant, changes: () => changes, layer: Layer.succeed(AdminAuditLog, log) }
}
