import { describe, expect, it } from "vitest"
import { roleWithSource, USER_ADMIN_MESSAGES, userChangeRefusal } from "./userAdmin"

const lists = { adminEmails: ["chefe@example.com"], moderatorEmails: ["mod@example.com"] }
const user = (email: string, metadataRole: string | null = null, appRole: string | null = null) => ({
  email,
  metadataRole,
  appRole,
})

describe("role source", () => {
  it.each([
    [user("chefe@example.com", "user"), "user", "metadata"],
    [user("CHEFE@example.com"), "admin", "admin_list"],
    [user("ana@example.com", null, "moderator"), "moderator", "app_metadata"],
    [user("mod@example.com"), "moderator", "moderator_list"],
    [user("mod@example.com", "bogus"), "moderator", "moderator_list"],
    [user("ana@example.com"), "user", "default"],
  ])("%o resolves to %s from %s", (facts, role, source) => {
    expect(roleWithSource(facts, lists)).toEqual({ role, source })
  })
})

describe("the last administrator rule", () => {
  const base = { actorId: "a", activeAdminIds: ["a", "b"] }
  it("refuses changing one's own role or blocking oneself", () => {
    expect(userChangeRefusal({ ...base, targetId: "a", change: { kind: "role", role: "admin" } })).toBe(
      USER_ADMIN_MESSAGES.selfRole,
    )
    expect(userChangeRefusal({ ...base, targetId: "a", change: { kind: "block" } })).toBe(
      USER_ADMIN_MESSAGES.selfBlock,
    )
  })
  it("lets an administrator demote or block another while one remains", () => {
    expect(userChangeRefusal({ ...base, targetId: "b", change: { kind: "role", role: "user" } })).toBeNull()
    expect(userChangeRefusal({ ...base, targetId: "b", change: { kind: "block" } })).toBeNull()
  })
  it("refuses removing the last administrator who can sign in", () => {
    const last = { actorId: "x", activeAdminIds: ["b"], targetId: "b" }
    expect(userChangeRefusal({ ...last, change: { kind: "role", role: "moderator" } })).toBe(
      USER_ADMIN_MESSAGES.lastAdminRole,
    )
    expect(userChangeRefusal({ ...last, change: { kind: "block" } })).toBe(USER_ADMIN_MESSAGES.lastAdminBlock)
    expect(userChangeRefusal({ ...last, change: { kind: "role", role: "admin" } })).toBeNull()
  })
  it("never counts a non-administrator target", () => {
    expect(
      userChangeRefusal({ actorId: "x", activeAdminIds: ["b"], targetId: "c", change: { kind: "block" } }),
    ).toBeNull()
  })
})
