import { Logger as EffectLogger, References } from "effect"
import pino from "pino"
import { currentRequest } from "./requestContext"

/** Fields that may carry secrets or personal data; pino replaces their values wherever they appear. */
export const REDACTED_PATHS = [
  "password",
  "token",
  "key",
  "secret",
  "authorization",
  "*.password",
  "*.token",
  "*.key",
  "*.secret",
  "*.authorization",
  "req.headers.authorization",
  "req.headers.cookie",
  "headers.authorization",
  "headers.cookie",
]

export function createLogger(level: string, destination?: pino.DestinationStream) {
  return pino(
    {
      level,
      redact: { paths: REDACTED_PATHS, censor: "[redacted]" },
      base: { service: "legendarium" },
      // Every line written while a request is handled names it (server/http/requestId.ts), Effect's too: its
      // fibers resume in the async context they were started in. A line that names its request itself wins.
      mixin: () => {
        const request = currentRequest()
        return request ? { requestId: request.id } : {}
      },
    },
    destination,
  )
}

export type Logger = ReturnType<typeof createLogger>

const PINO_LEVEL: Record<string, "trace" | "debug" | "info" | "warn" | "error" | "fatal"> = {
  Trace: "trace",
  Debug: "debug",
  Info: "info",
  Warn: "warn",
  Warning: "warn",
  Error: "error",
  Fatal: "fatal",
}

/** Effect's log calls (use cases, adapters, workers) written through pino: one JSON format, one redaction. */
export function effectLoggerLayer(logger: Logger) {
  return EffectLogger.layer([
    EffectLogger.make(({ message, logLevel, fiber }) => {
      const level = PINO_LEVEL[logLevel]
      if (!level) return
      const annotations = fiber.getRef(References.CurrentLogAnnotations)
      const text = (Array.isArray(message) ? message : [message]).map(String).join(" ")
      logger[level]({ ...annotations }, text)
    }),
  ])
}
