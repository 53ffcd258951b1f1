import { monthOfInstant, monthStartsAt, shiftMonth } from "../subscriptions/coverage"

/** Spec 001 §5 and the schema's check: lower-case letters, digits and underscore, 3 to 20 of them. */
export const USERNAME_PATTERN = /^[a-z0-9_]{3,20}$/
export const PROFILE_LIMITS = { displayName: 60, bio: 300, location: 80 } as const

export const PROFILE_MESSAGES = {
  usernameFormat: "O nome de usuário deve ter de 3 a 20 caracteres: letras minúsculas, números ou _.",
  usernameTaken: "Este nome de usuário já está em uso.",
  displayNameRequired: "Informe o nome de exibição.",
  displayNameTooLong: `O nome de exibição deve ter no máximo ${PROFILE_LIMITS.displayName} caracteres.`,
  bioTooLong: `A bio deve ter no máximo ${PROFILE_LIMITS.bio} caracteres.`,
  locationTooLong: `A localização deve ter no máximo ${PROFILE_LIMITS.location} caracteres.`,
  avatarInvalid: "Foto de perfil inválida. Envie a imagem novamente.",
  notFoundTitle: "Perfil não encontrado",
  notFound: (username: string) => `O usuário @${username} não foi encontrado ou não existe.`,
  private: "Este perfil é privado.",
  followSelf: "Você não pode seguir a si mesmo.",
} as const

/** How a private collector appears in the ranking: no name, no picture, no link (LGPD: listed by figures only). */
export const PRIVATE_COLLECTOR_NAME = "Colecionador privado"

export interface ProfileInput {
  readonly username: string
  readonly displayName: string
  readonly bio: string
  readonly location: string
  /** An avatar this store stored for the collector (/media/avatar-…), or null for initials. */
  readonly avatarUrl: string | null
  readonly isPrivate: boolean
}

export type ProfileField = "username" | "displayName" | "bio" | "location" | "avatarUrl"
export type ProfileErrors = Partial<Record<ProfileField, string>>

/** Only avatars our own upload route stored: a client cannot point a profile at another site's image. */
export const AVATAR_URL_PATTERN = /^\/media\/avatar-[0-9a-f-]{36}\.jpeg$/

/** What the form and the server both accept: trimmed, username lower-cased (people type "Ana_S"). */
export const normaliseProfile = (input: ProfileInput): ProfileInput => ({
  username: input.username.trim().toLowerCase(),
  displayName: input.displayName.trim().replace(/\s+/g, " "),
  bio: input.bio.trim(),
  location: input.location.trim(),
  avatarUrl: input.avatarUrl,
  isPrivate: input.isPrivate,
})

/** The field errors of a normalised profile, in pt-BR; empty when it may be saved. Shared by form and server. */
export function validateProfile(input: ProfileInput): ProfileErrors {
  const errors: ProfileErrors = {}
  if (!USERNAME_PATTERN.test(input.username)) errors.username = PROFILE_MESSAGES.usernameFormat
  if (input.displayName.length === 0) errors.displayName = PROFILE_MESSAGES.displayNameRequired
  else if ([...input.displayName].length > PROFILE_LIMITS.displayName)
    errors.displayName = PROFILE_MESSAGES.displayNameTooLong
  if ([...input.bio].length > PROFILE_LIMITS.bio) errors.bio = PROFILE_MESSAGES.bioTooLong
  if ([...input.location].length > PROFILE_LIMITS.location) errors.location = PROFILE_MESSAGES.locationTooLong
  if (input.avatarUrl !== null && !AVATAR_URL_PATTERN.test(input.avatarUrl))
    errors.avatarUrl = PROFILE_MESSAGES.avatarInvalid
  return errors
}

/**
 * The name a collector without a public profile is shown by: the first name and the surname's initial
 * ("Ana Souza" → "Ana S."), so a full name never reaches a public page before its owner chooses one.
 */
export function defaultDisplayName(fullName: string): string {
  const parts = fullName.trim().split(/\s+/).filter(Boolean)
  if (parts.length === 0) return "Colecionador"
  const first = (parts[0] ?? "").slice(0, 40)
  const last = parts.length > 1 ? parts[parts.length - 1] : undefined
  return last ? `${first} ${last[0]?.toUpperCase()}.` : first
}

/** Up to two letters for an avatar without a picture. */
export function initialsOf(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean)
  const letters = parts.length > 1 ? [parts[0]?.[0], parts[1]?.[0]] : [parts[0]?.[0], parts[0]?.[1]]
  return letters.filter(Boolean).join("").toUpperCase() || "?"
}

/** The ranking's "this month": from midnight of the 1st in São Paulo. */
export const periodStart = (now: number): number => monthStartsAt(monthOfInstant(now))

/**
 * collector_stats keeps the streak as of the last activity. It still holds through the previous month (the
 * current one may not have its purchase yet); a collector idle since before then has none.
 */
export const streakValidFrom = (now: number): number => monthStartsAt(shiftMonth(monthOfInstant(now), -1))

export const currentStreak = (streak: number, lastActivityAt: number | null, now: number): number =>
  lastActivityAt !== null && lastActivityAt >= streakValidFrom(now) ? streak : 0
