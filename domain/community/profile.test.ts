import { describe, expect, it } from "vitest"
import { saoPauloInstant } from "../calendar"
import {
  currentStreak,
  defaultDisplayName,
  initialsOf,
  normaliseProfile,
  PROFILE_MESSAGES,
  type ProfileInput,
  periodStart,
  validateProfile,
} from "./profile"

const valid: ProfileInput = {
  username: "ana_souza",
  displayName: "Ana Souza",
  bio: "",
  location: "",
  avatarUrl: null,
  isPrivate: false,
}

describe("profile rule", () => {
  it("accepts 3 to 20 lower-case letters, digits or _, after lower-casing what was typed", () => {
    for (const username of ["abc", "a_1", "x".repeat(20)])
      expect(validateProfile({ ...valid, username })).toEqual({})
    for (const username of ["ab", "x".repeat(21), "ana.souza", "ana souza", "anã", ""])
      expect(validateProfile({ ...valid, username }).username).toBe(PROFILE_MESSAGES.usernameFormat)
    expect(normaliseProfile({ ...valid, username: "  Ana_Souza " }).username).toBe("ana_souza")
  })
  it("limits the bio to 300 and the location to 80 characters, and needs a display name", () => {
    expect(validateProfile({ ...valid, bio: "é".repeat(300), location: "x".repeat(80) })).toEqual({})
    expect(validateProfile({ ...valid, bio: "x".repeat(301) }).bio).toBe(PROFILE_MESSAGES.bioTooLong)
    expect(validateProfile({ ...valid, location: "x".repeat(81) }).location).toBe(
      PROFILE_MESSAGES.locationTooLong,
    )
    expect(validateProfile(normaliseProfile({ ...valid, displayName: "   " })).displayName).toBe(
      PROFILE_MESSAGES.displayNameRequired,
    )
  })
  it("takes only avatars the store's upload stored", () => {
    const ok = "/media/avatar-0f8fad5b-d9cb-469f-a165-70867728950e.jpeg"
    expect(validateProfile({ ...valid, avatarUrl: ok })).toEqual({})
    for (const avatarUrl of [
      "https://evil.example/a.jpeg",
      "/media/upload-0f8fad5b-d9cb-469f-a165-70867728950e.jpeg",
    ])
      expect(validateProfile({ ...valid, avatarUrl }).avatarUrl).toBe(PROFILE_MESSAGES.avatarInvalid)
  })
})

describe("names", () => {
  it("shows a collector without a profile by first name and the surname's initial", () => {
    expect(defaultDisplayName("Ana Maria Souza")).toBe("Ana S.")
    expect(defaultDisplayName("  joão   alves ")).toBe("joão A.")
    expect(defaultDisplayName("Madonna")).toBe("Madonna")
    expect(defaultDisplayName("")).toBe("Colecionador")
  })
  it("makes two initials for an avatar without a picture", () => {
    expect(initialsOf("Ana Souza")).toBe("AS")
    expect(initialsOf("bia")).toBe("BI")
    expect(initialsOf("")).toBe("?")
  })
})

describe("ranking periods", () => {
  const now = saoPauloInstant({ year: 2026, month: 11, day: 15 }, 10)
  it("starts this month at midnight of the 1st in São Paulo", () => {
    expect(periodStart(now)).toBe(saoPauloInstant({ year: 2026, month: 11, day: 1 }, 0))
  })
  it("keeps a streak through last month and drops it for a collector idle since before", () => {
    expect(currentStreak(5, saoPauloInstant({ year: 2026, month: 10, day: 1 }, 0), now)).toBe(5)
    expect(currentStreak(5, saoPauloInstant({ year: 2026, month: 9, day: 30 }, 23), now)).toBe(0)
    expect(currentStreak(5, null, now)).toBe(0)
  })
})
