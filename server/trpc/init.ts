import { initTRPC } from "@trpc/server"
import type { ManagedRuntime } from "effect"
import superjson from "superjson"
import type { Auth } from "../../adapters/auth/betterAuth"
import type { Viewer } from "../../application/ports/CurrentUser"
import type { Logger } from "../logger"
import type { AppRuntime } from "../runtime"

/** What use cases may require: the runtime's services (CurrentUser is added per request). */
type Services = ManagedRuntime.ManagedRuntime.Services<AppRuntime>

export interface TrpcContext {
  readonly runtime: AppRuntime
  readonly logger: Logger
  readonly auth: Auth
  readonly viewer: Viewer | null
  readonly headers: Headers
  /** Counts a hit on `key`; false once more than `max` hits fell in the window. */
  readonly rateLimit: (key: string, max: number, windowMs: number) => Promise<boolean>
}

const t = initTRPC.context<TrpcContext>().create({ transformer: superjson })

export const router = t.router
export const createCallerFactory = t.createCallerFactory

export type { Services }
export { t }
