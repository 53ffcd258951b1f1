import { type AnyRouteMatch, notFound } from "@tanstack/react-router"
import { isTrpcError } from "./trpc"

/** Turns the server's NOT_FOUND into the router's not-found state, so the page answers HTTP 404. */
export async function orNotFound<T>(load: Promise<T>): Promise<T> {
  try {
    return await load
  } catch (error) {
    if (isTrpcError(error) && error.data?.code === "NOT_FOUND") throw notFound()
    throw error
  }
}

/** The spec's text for an address that is no page (000 §2, §8). */
export const NOT_FOUND_TITLE = "Ops! Página não encontrada"

/**
 * Whether a match renders a not-found page: a loader's `notFound()` sets its status; an address no route
 * matches leaves the root "success" and marks it `_notFound` (the router's own flag, also dehydrated).
 */
export function isNotFoundMatch(match: Pick<AnyRouteMatch, "status" | "_notFound">): boolean {
  return match.status === "notFound" || match._notFound === true
}
