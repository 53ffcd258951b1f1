import { createApp } from "../../server/app"
import type { Config } from "../../server/config"
import { createLogger, type Logger } from "../../server/logger"
import type { AppRuntime } from "../../server/runtime"

/**
 * The store's HTTP app for tests that call it over `app.request`: procedures, auth, webhooks and the sandbox,
 * with every page answered by one small HTML document instead of the server render.
 */
export const apiApp = (runtime: AppRuntime, config: Config, logger: Logger = createLogger("silent")) =>
  createApp({
    config,
    runtime,
    logger,
    manifest: () => ({ routes: {} }),
    render: async () =>
      new Response("<!doctype html><p>ok</p>", { headers: { "content-type": "text/html; charset=utf-8" } }),
  })
