import { notFound } from "@tanstack/react-router"
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
