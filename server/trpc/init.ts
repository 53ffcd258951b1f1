import { initTRPC } from "@trpc/server"
import type { ManagedRuntime } from "effect"
import superjson from "superjson"
import type { Logger } from "../logger"
import type { AppRuntime } from "../runtime"

/** What use cases may require: exactly the services the runtime was built with. */
type Services = ManagedRuntime.ManagedRuntime.Services<AppRuntime>

export interface TrpcContext {
  readonly runtime: AppRuntime
  readonly logger: Logger
}

const t = initTRPC.context<TrpcContext>().create({ transformer: superjson })

export const router = t.router
export const createCallerFactory = t.createCallerFactory

export type { Services }
export { t }
