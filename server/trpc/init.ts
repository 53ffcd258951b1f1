import { initTRPC } from "@trpc/server"
import type { ManagedRuntime } from "effect"
import superjson from "superjson"
import type { Auth } from "../../adapters/auth/betterAuth"
import type { Viewer } from "../../application/ports/CurrentUser"
import type { Permission } from "../../domain/accounts/roles"
import type { Logger } from "../logger"
import type { AppRuntime } from "../runtime"
import { formatError } from "./errorFormatter"

/** What use cases may require: the runtime's services (CurrentUser is added per request). */
type Services = ManagedRuntime.ManagedRuntime.Services<AppRuntime>

export interface TrpcContext {
  readonly runtime: AppRuntime
  readonly logger: Logger
  readonly auth: Auth
  readonly viewer: Viewer | null
  readonly headers: Headers
  /** The client's address as the HTTP edge established it (socket, or a trusted proxy's header). */
  readonly clientIp: string
}

/** What a procedure declares about itself: the permission it requires, which the authorisation tests read back. */
export interface ProcedureMeta {
  readonly permission?: Permission
}

const t = initTRPC
  .context<TrpcContext>()
  .meta<ProcedureMeta>()
  .create({ transformer: superjson, errorFormatter: formatError })

export const router = t.router
export const createCallerFactory = t.createCallerFactory

export type { Services }
export { t }
