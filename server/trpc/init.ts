import { initTRPC } from "@trpc/server"
import type { Effect } from "effect"
import superjson from "superjson"
import type { Logger } from "../logger"
import type { AppRuntime } from "../runtime"

type Services = AppRuntime extends { runPromiseExit: (e: Effect.Effect<any, any, infer R>) => any } ? R : never

export interface TrpcContext {
  readonly runtime: AppRuntime
  readonly logger: Logger
}

const t = initTRPC.context<TrpcContext>().create({ transformer: superjson })

export const router = t.router
export const createCallerFactory = t.createCallerFactory

export type { Services }
export { t }
