import { redirect } from "@tanstack/react-router"
import type { RouterContext } from "../router"
import { optionalString } from "./search"
import { seo } from "./seo"

/** A page that needs sign-in sends visitors to the login page, remembering where they were going. */
export async function requireSignIn(context: RouterContext, location: { href: string }) {
  const viewer = await context.trpc.account.me.ensureData()
  if (!viewer) throw redirect({ to: "/auth/login", search: { from: location.href } })
  return viewer
}

/**
 * A path on this site: only these are followed after sign-in (an open redirect would help phishing). A backslash
 * or control character lets some browsers read "/\\evil.com" as another site.
 */
const isLocalPath = (from: string) =>
  from.startsWith("/") &&
  !from.startsWith("//") &&
  ![...from].some((c) => c === "\\" || c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)

/** Any origin: only its path, query and fragment are kept, so which one does not matter. */
const PLACEHOLDER_ORIGIN = "http://local.invalid"

/**
 * Where to go after sign-in: a local path, percent-encoded (the URL parser encodes what is not ASCII and keeps
 * what is already encoded), since it becomes a redirect's Location header, which carries no "😀" as such.
 */
export function safeFrom(from: unknown): string {
  if (from === "carrinho") return "/carrinho"
  if (typeof from !== "string" || !isLocalPath(from)) return "/perfil"
  const url = new URL(from, PLACEHOLDER_ORIGIN)
  return url.origin === PLACEHOLDER_ORIGIN ? url.pathname + url.search + url.hash : "/perfil"
}

/**
 * Where the confirmation e-mail's link comes back to: /auth/callback, carrying `from` only when it is a local
 * path (safeFrom's rule), so a new account lands back where it signed up from, and never off the site.
 */
export function verificationCallbackURL(from: unknown): string {
  const back = safeFrom(from)
  return from === undefined || back === "/perfil"
    ? "/auth/callback"
    : `/auth/callback?from=${encodeURIComponent(back)}`
}

/** Guest-only pages (login, register, ...) send a signed-in user on to `from` or the account page. */
export async function requireGuest(context: RouterContext, search: { from?: string }) {
  const viewer = await context.trpc.account.me.ensureData()
  if (viewer) throw redirect({ href: safeFrom(search.from) })
}

/** Route options shared by the guest-only account screens (login, register): `from`, guard, providers, head. */
export function guestPage(path: string, title: string, description: string) {
  return {
    validateSearch: (search: Record<string, unknown>): { from?: string } => ({
      from: optionalString(search.from, 500),
    }),
    beforeLoad: ({ context, search }: { context: RouterContext; search: { from?: string } }) =>
      requireGuest(context, search),
    loader: ({ context }: { context: RouterContext }) => context.trpc.account.providers.ensureData(),
    head: ({ match }: { match: { context: { publicUrl: string } } }) =>
      seo({ title, description, path, publicUrl: match.context.publicUrl }),
  }
}
