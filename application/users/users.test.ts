import { describe, expect, it } from "vitest"
import { USER_ADMIN_MESSAGES } from "../../domain/accounts/userAdmin"
import { admin, moderator } from "../../tests/fakes/fulfilmentWorld"
import { account, usersWorld } from "../../tests/fakes/inMemoryUsers"
import { ana } from "../../tests/fakes/ordersWorld"
import { changeUserRole } from "./changeUserRole"
import { listUsers } from "./listUsers"
import { resendVerification } from "./resendVerification"
import { setUserBlocked } from "./setUserBlocked"

const lists = { adminEmails: [admin.email], moderatorEmails: [moderator.email] }
const world = () =>
  usersWorld(
    [
      account(admin.id, admin.email),
      account(moderator.id, moderator.email),
      account(ana.id, ana.email, { emailVerified: false }),
    ],
    lists,
  )
const query = { sort: "created_desc", page: 1, pageSize: 25 } as const

describe("the users administration", () => {
  it("lists accounts with the resolved role and its source", async () => {
    const w = world()
    const { rows, total } = await w.ok(listUsers(query), admin)
    expect(total).toBe(3)
    expect(rows.map((r) => [r.email, r.role, r.roleSource])).toEqual([
      [admin.email, "admin", "admin_list"],
      [moderator.email, "moderator", "moderator_list"],
      [ana.email, "user", "default"],
    ])
  })

  it("refuses a moderator, a customer and a visitor, changing nothing", async () => {
    const w = world()
    for (const viewer of [moderator, ana]) {
      expect(await w.fails(listUsers(query), viewer)).toMatchObject({ _tag: "Forbidden" })
      expect(await w.fails(changeUserRole(ana.id, "admin"), viewer)).toMatchObject({ _tag: "Forbidden" })
      expect(await w.fails(setUserBlocked(ana.id, true), viewer)).toMatchObject({ _tag: "Forbidden" })
    }
    expect(await w.fails(listUsers(query), null)).toMatchObject({ _tag: "NotSignedIn" })
    expect(w.user(ana.id)).toMatchObject({ metadataRole: null, blockedAt: null })
    expect(w.audit()).toHaveLength(0)
  })

  it("writes the metadata role and logs before and after", async () => {
    const w = world()
    const after = await w.ok(changeUserRole(ana.id, "moderator"), admin)
    expect(after).toMatchObject({ role: "moderator", roleSource: "metadata" })
    expect(w.user(ana.id)?.metadataRole).toBe("moderator")
    expect(w.audit()).toEqual([
      expect.objectContaining({
        subjectType: "user",
        subjectLabel: ana.email,
        action: "change_role",
        changes: expect.objectContaining({ role: { from: "user", to: "moderator" } }),
      }),
    ])
  })

  it("refuses self-demotion and the last administrator's demotion or block", async () => {
    const w = world()
    expect(await w.fails(changeUserRole(admin.id, "user"), admin)).toMatchObject({
      _tag: "InvalidInput",
      message: USER_ADMIN_MESSAGES.selfRole,
    })
    expect(await w.fails(setUserBlocked(admin.id, true), admin)).toMatchObject({
      message: USER_ADMIN_MESSAGES.selfBlock,
    })
    // Another administrator (by metadata) may not demote the only listed one once the other is gone.
    const two = usersWorld(
      [account(admin.id, admin.email), account("u-b", "b@example.com", { metadataRole: "admin" })],
      lists,
    )
    const b = { ...admin, id: "u-b", email: "b@example.com" }
    await two.ok(changeUserRole("u-b", "user"), admin)
    expect(await two.fails(changeUserRole(admin.id, "user"), b)).toMatchObject({
      message: USER_ADMIN_MESSAGES.lastAdminRole,
    })
    expect(await two.fails(setUserBlocked(admin.id, true), b)).toMatchObject({
      message: USER_ADMIN_MESSAGES.lastAdminBlock,
    })
    expect(two.user(admin.id)).toMatchObject({ metadataRole: null, blockedAt: null })
  })

  it("blocks and unblocks, keeping the first block's date", async () => {
    const w = world()
    expect(await w.ok(setUserBlocked(ana.id, true), admin)).toMatchObject({ blocked: true })
    const first = w.user(ana.id)?.blockedAt
    expect(first).not.toBeNull()
    await w.ok(setUserBlocked(ana.id, true), admin)
    expect(w.user(ana.id)?.blockedAt).toBe(first)
    expect(await w.ok(setUserBlocked(ana.id, false), admin)).toMatchObject({ blocked: false })
    expect(w.audit().map((c) => c.action)).toEqual(["block_user", "block_user", "unblock_user"])
  })

  it("resends the confirmation a few times an hour, only to an unconfirmed account", async () => {
    const w = world()
    for (let i = 0; i < 3; i++) await w.ok(resendVerification(ana.id), admin)
    expect(w.mails).toEqual([ana.email, ana.email, ana.email])
    expect(await w.fails(resendVerification(ana.id), admin)).toMatchObject({ _tag: "TooManyRequests" })
    expect(await w.fails(resendVerification(moderator.id), admin)).toMatchObject({
      message: USER_ADMIN_MESSAGES.alreadyVerified,
    })
    expect(await w.fails(resendVerification("nobody"), admin)).toMatchObject({ _tag: "UserNotFound" })
  })
})
