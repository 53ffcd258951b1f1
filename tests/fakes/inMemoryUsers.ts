import { Cause, Effect, Exit, Layer } from "effect"
import { CatalogChanges } from "../../application/ports/CatalogChanges"
import { Clock } from "../../application/ports/Clock"
import { CurrentUser, type Viewer } from "../../application/ports/CurrentUser"
import { Integrations } from "../../application/ports/Integrations"
import { RateLimiter } from "../../application/ports/RateLimiter"
import { SettingsEditor } from "../../application/ports/SettingsEditor"
import { StaffLists } from "../../application/ports/StaffLists"
import { UnitOfWork } from "../../application/ports/UnitOfWork"
import { type UserAccount, UserAccounts } from "../../application/ports/UserAccounts"
import { VerificationMail } from "../../application/ports/VerificationMail"
import type { RoleLists } from "../../domain/accounts/roles"
import { DEFAULT_CONVENTIONS } from "../../domain/storeConventions"
import { type EditableSettings, mergeRoleLists } from "../../domain/storeSettings"
import { inMemoryAdminAudit } from "./inMemoryAdminAudit"
import { sequentialIds } from "./inMemoryOrders"

export const account = (id: string, email: string, over: Partial<UserAccount> = {}): UserAccount => ({
  id,
  email,
  name: email.split("@")[0] ?? email,
  createdAt: Date.parse("2026-11-01T12:00:00Z"),
  emailVerified: true,
  metadataRole: null,
  appRole: null,
  blockedAt: null,
  ...over,
})

const SETTINGS: EditableSettings = {
  supportEmail: "contato@example.com",
  supportHours: "Segunda a sexta, das 9h às 18h",
  whatsappNumber: "5511999990000",
  shippingOriginCep: "01001000",
  plansHiddenNames: [],
  adminEmails: [],
  moderatorEmails: [],
  conventions: DEFAULT_CONVENTIONS,
}

/**
 * The users and settings ports in memory: accounts, the saved settings, the change log, a unit of work that
 * rolls every one of them back on failure, and counters of caches dropped and e-mails sent.
 */
export function usersWorld(
  accounts: readonly UserAccount[],
  configured: RoleLists,
  now = Date.UTC(2026, 10, 20),
) {
  let users = new Map(accounts.map((a) => [a.id, a]))
  let settings = SETTINGS
  let catalogChanges = 0
  const mails: string[] = []
  const hits = new Map<string, number>()
  const audit = inMemoryAdminAudit()
  const layer = Layer.mergeAll(
    audit.layer,
    sequentialIds(),
    Layer.succeed(Clock, Clock.of({ now: () => Effect.succeed(now) })),
    Layer.succeed(
      UnitOfWork,
      UnitOfWork.of({
        atomically: (work) =>
          Effect.suspend(() => {
            const [savedUsers, savedSettings, undoAudit] = [
              new Map(users),
              settings,
              audit.participant.snapshot(),
            ]
            return Effect.onError(work, () =>
              Effect.sync(() => {
                users = savedUsers
                settings = savedSettings
                undoAudit()
              }),
            )
          }),
      }),
    ),
    Layer.succeed(
      CatalogChanges,
      CatalogChanges.of({ announce: () => Effect.sync(() => void catalogChanges++) }),
    ),
    Layer.succeed(
      StaffLists,
      StaffLists.of({ get: () => Effect.sync(() => mergeRoleLists(configured, settings)) }),
    ),
    Layer.succeed(
      SettingsEditor,
      SettingsEditor.of({
        read: () => Effect.sync(() => ({ values: settings, configured })),
        save: (values) =>
          Effect.sync(() => {
            settings = values
          }),
      }),
    ),
    Layer.succeed(
      Integrations,
      Integrations.of({
        mercadoPago: { configured: true, mode: "sandbox" },
        melhorEnvio: { configured: false, mode: null },
        smtp: { configured: true, mode: null },
      }),
    ),
    Layer.succeed(
      RateLimiter,
      RateLimiter.of({
        hit: (key, max) =>
          Effect.sync(() => {
            hits.set(key, (hits.get(key) ?? 0) + 1)
            return (hits.get(key) ?? 0) <= max
          }),
      }),
    ),
    Layer.succeed(
      VerificationMail,
      VerificationMail.of({ send: (email) => Effect.sync(() => void mails.push(email)) }),
    ),
    Layer.succeed(
      UserAccounts,
      UserAccounts.of({
        list: (q) =>
          Effect.sync(() => {
            const search = q.search?.toLowerCase()
            const rows = [...users.values()].filter(
              (u) => !search || u.email.includes(search) || u.name.toLowerCase().includes(search),
            )
            return { rows: rows.slice((q.page - 1) * q.pageSize, q.page * q.pageSize), total: rows.length }
          }),
        find: (id) => Effect.sync(() => users.get(id) ?? null),
        lockRoles: () => Effect.void,
        adminCandidates: (adminEmails) =>
          Effect.sync(() =>
            [...users.values()].filter(
              (u) =>
                u.blockedAt === null &&
                (u.metadataRole === "admin" || u.appRole === "admin" || adminEmails.includes(u.email)),
            ),
          ),
        setRole: (id, role) =>
          Effect.sync(() => {
            const u = users.get(id)
            if (u) users.set(id, { ...u, metadataRole: role })
          }),
        setBlocked: (id, blockedAt) =>
          Effect.sync(() => {
            const u = users.get(id)
            if (u) users.set(id, { ...u, blockedAt })
          }),
      }),
    ),
  )
  type Provided = Layer.Success<typeof layer> | CurrentUser
  const ok = async <A, E, R extends Provided>(effect: Effect.Effect<A, E, R>, viewer: Viewer | null) => {
    const exit = await Effect.runPromiseExit(
      effect.pipe(
        Effect.provideService(CurrentUser, CurrentUser.of({ viewer })),
        Effect.provide(layer),
      ) as Effect.Effect<A, E>,
    )
    if (Exit.isSuccess(exit)) return exit.value
    throw new Error(`expected success, got ${Cause.pretty(exit.cause)}`)
  }
  const fails = <A, E, R extends Provided>(effect: Effect.Effect<A, E, R>, viewer: Viewer | null) =>
    ok(Effect.flip(effect), viewer)
  return {
    ok,
    fails,
    user: (id: string) => users.get(id),
    settings: () => settings,
    audit: audit.changes,
    catalogChanges: () => catalogChanges,
    mails,
  }
}
