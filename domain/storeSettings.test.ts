import { describe, expect, it } from "vitest"
import { CEP_MESSAGES } from "./shipping/postal"
import { CONVENTION_MESSAGES, DEFAULT_CONVENTIONS } from "./storeConventions"
import {
  type EditableSettings,
  mergeRoleLists,
  SETTINGS_MESSAGES,
  type SettingsField,
  splitList,
  validateSettings,
} from "./storeSettings"

const valid: EditableSettings = {
  supportEmail: " SAC@Loja.com.br ",
  supportHours: " Segunda a sexta, das 9h às 18h ",
  whatsappNumber: "+55 (11) 99999-0000",
  shippingOriginCep: "01310-100",
  plansHiddenNames: ["Goku", " ", "Goku"],
  adminEmails: ["Chefe@Example.com"],
  moderatorEmails: [],
  conventions: DEFAULT_CONVENTIONS,
}

describe("settings validation", () => {
  it("trims and normalises a valid form", () => {
    const checked = validateSettings(valid)
    expect(checked).toEqual({
      ok: true,
      settings: {
        supportEmail: "sac@loja.com.br",
        supportHours: "Segunda a sexta, das 9h às 18h",
        whatsappNumber: "5511999990000",
        shippingOriginCep: "01310100",
        plansHiddenNames: ["Goku"],
        adminEmails: ["chefe@example.com"],
        moderatorEmails: [],
        conventions: DEFAULT_CONVENTIONS,
      },
    })
  })
  it.each<[string, Partial<EditableSettings>, SettingsField, string]>([
    ["a bad e-mail", { supportEmail: "sac@" }, "supportEmail", SETTINGS_MESSAGES.supportEmail],
    ["blank hours", { supportHours: "  " }, "supportHours", SETTINGS_MESSAGES.supportHours],
    [
      "a short WhatsApp",
      { whatsappNumber: "99999-0000" },
      "whatsappNumber",
      SETTINGS_MESSAGES.whatsappNumber,
    ],
    ["a 7-digit CEP", { shippingOriginCep: "0131010" }, "shippingOriginCep", CEP_MESSAGES.wrongLength],
    ["a repeated CEP", { shippingOriginCep: "11111111" }, "shippingOriginCep", CEP_MESSAGES.repeatedDigits],
    ["a bad list entry", { moderatorEmails: ["mod"] }, "moderatorEmails", SETTINGS_MESSAGES.roleEmail("mod")],
    [
      "an e-mail on both lists",
      { moderatorEmails: ["chefe@example.com"] },
      "moderatorEmails",
      SETTINGS_MESSAGES.bothLists("chefe@example.com"),
    ],
    [
      "a PIX discount over 30 %",
      {
        conventions: {
          ...DEFAULT_CONVENTIONS,
          priceTerms: { ...DEFAULT_CONVENTIONS.priceTerms, pixDiscountBasisPoints: 3001 },
        },
      },
      "pixDiscountBasisPoints",
      CONVENTION_MESSAGES.pixDiscountBasisPoints,
    ],
    [
      "a purchase window of no hours",
      { conventions: { ...DEFAULT_CONVENTIONS, purchaseWindowHours: 0 } },
      "purchaseWindowHours",
      CONVENTION_MESSAGES.purchaseWindowHours,
    ],
  ])("refuses %s", (_, over, field, message) => {
    const checked = validateSettings({ ...valid, ...over })
    expect(checked.ok).toBe(false)
    if (!checked.ok) expect(checked.errors[field]).toBe(message)
  })
  it("splits a text area by lines and commas", () => {
    expect(splitList("a@x.com\n b@x.com, ,a@x.com")).toEqual(["a@x.com", "b@x.com"])
  })
})

describe("role lists", () => {
  it("adds the saved lists to the configured ones, never removing a configured entry", () => {
    expect(
      mergeRoleLists(
        { adminEmails: ["Chefe@example.com"], moderatorEmails: ["mod@example.com"] },
        { adminEmails: ["nova@example.com", "chefe@example.com"], moderatorEmails: [] },
      ),
    ).toEqual({
      adminEmails: ["chefe@example.com", "nova@example.com"],
      moderatorEmails: ["mod@example.com"],
    })
  })
})
