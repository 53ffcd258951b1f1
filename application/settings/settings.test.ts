import { describe, expect, it } from "vitest"
import { DEFAULT_CONVENTIONS } from "../../domain/storeConventions"
import { SETTINGS_MESSAGES } from "../../domain/storeSettings"
import { admin, moderator } from "../../tests/fakes/fulfilmentWorld"
import { account, usersWorld } from "../../tests/fakes/inMemoryUsers"
import { ana } from "../../tests/fakes/ordersWorld"
import { getSettings } from "./getSettings"
import { LAST_ADMIN_LIST_MESSAGE, saveSettings } from "./saveSettings"

const form = {
  supportEmail: "sac@loja.com.br",
  supportHours: "Todos os dias, das 8h às 20h",
  whatsappNumber: "5511988887777",
  shippingOriginCep: "01310-100",
  plansHiddenNames: ["Goku"],
  adminEmails: [],
  moderatorEmails: ["nova@example.com"],
  conventions: DEFAULT_CONVENTIONS,
}

describe("the settings administration", () => {
  const world = (configuredAdmins = [admin.email]) =>
    usersWorld([account(admin.id, admin.email)], { adminEmails: configuredAdmins, moderatorEmails: [] })

  it("refuses a moderator, a customer and a visitor", async () => {
    const w = world()
    for (const viewer of [moderator, ana]) {
      expect(await w.fails(getSettings(), viewer)).toMatchObject({ _tag: "Forbidden" })
      expect(await w.fails(saveSettings(form), viewer)).toMatchObject({ _tag: "Forbidden" })
    }
    expect(await w.fails(getSettings(), null)).toMatchObject({ _tag: "NotSignedIn" })
    expect(w.catalogChanges()).toBe(0)
  })

  it("shows integrations without secrets", async () => {
    const w = world()
    const seen = await w.ok(getSettings(), admin)
    expect(seen.integrations.mercadoPago).toEqual({ configured: true, mode: "sandbox" })
    expect(JSON.stringify(seen)).not.toMatch(/token|secret|key/i)
  })

  it("saves a valid form, drops the caches and logs before and after", async () => {
    const w = world()
    expect(await w.ok(saveSettings(form), admin)).toMatchObject({ shippingOriginCep: "01310100" })
    expect(w.settings().supportHours).toBe(form.supportHours)
    expect(w.catalogChanges()).toBe(1)
    expect(w.audit()[0]).toMatchObject({
      subjectType: "settings",
      changes: expect.objectContaining({ supportHours: expect.objectContaining({ to: form.supportHours }) }),
    })
  })

  it("refuses an invalid form with the form's own text, changing nothing", async () => {
    const w = world()
    expect(await w.fails(saveSettings({ ...form, whatsappNumber: "123" }), admin)).toMatchObject({
      _tag: "InvalidInput",
      message: SETTINGS_MESSAGES.whatsappNumber,
    })
    expect(w.catalogChanges()).toBe(0)
    expect(w.audit()).toHaveLength(0)
  })

  it("refuses a list change that would leave the store without an administrator", async () => {
    const w = world([])
    // The only administrator is one by the saved list: saving it away is refused and rolled back.
    await w.ok(saveSettings({ ...form, adminEmails: [admin.email] }), { ...admin, role: "admin" })
    expect(await w.fails(saveSettings(form), admin)).toMatchObject({ message: LAST_ADMIN_LIST_MESSAGE })
    expect(w.settings().adminEmails).toEqual([admin.email])
  })
})
