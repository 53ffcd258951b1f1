import pino from "pino"

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
    { level, redact: { paths: REDACTED_PATHS, censor: "[redacted]" }, base: { service: "legendarium" } },
    destination,
  )
}

export type Logger = ReturnType<typeof createLogger>
