import { z } from "zod"

const bool = z.enum(["true", "false", "1", "0"]).transform((v) => v === "true" || v === "1")

const list = z.string().transform((v) =>
  v
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean),
)

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  // This machine only, unless told otherwise: a newcomer's `npm start` is not on the network.
  HOST: z.string().min(1).default("127.0.0.1"),
  PUBLIC_URL: z.url().optional(),
  TRUSTED_ORIGINS: list.pipe(z.array(z.url())).default([]),
  DATABASE_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default("./data"),
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  SEED_DEMO_DATA: bool.optional(),
  SEED_DEMO_USERS: bool.optional(),
  CATALOG_CACHE_SECONDS: z.coerce.number().min(0).max(3600).default(15),
  PAGE_CACHE_SECONDS: z.coerce.number().min(0).max(300).default(10),
  /** Where pages POST their web vitals (spec 002 §9): "/api/vitals" for the store's own table, or a URL. */
  VITALS_ENDPOINT: z
    .union([z.literal(""), z.string().regex(/^\//, "use um caminho (/api/vitals) ou uma URL"), z.url()])
    .default(""),
  /**
   * How often an open page asks for the signed-in customer's unread notifications (web/lib/unreadPoller.ts):
   * 30 s by default; the end-to-end tests shorten it.
   */
  NOTIFICATIONS_POLL_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  /**
   * How long a stopping server gives the requests in flight and the event handler at work before it cuts
   * them: under the orchestrator's own limit (Kubernetes kills after 30 s by default).
   */
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().int().min(1).max(600).default(25),
  /** GET /metrics (Prometheus) answers only to `Authorization: Bearer <this>`; unset, it does not exist. */
  METRICS_TOKEN: z.string().min(16, "use pelo menos 16 caracteres aleatórios").optional(),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "fatal", "silent"]).default("info"),
  SUPPORT_EMAIL: z.email().default("contato@legendarium.com.br"),
  SUPPORT_HOURS: z.string().min(1).default("Segunda a sexta, das 9h às 18h"),
  WHATSAPP_NUMBER: z
    .string()
    .regex(/^\d{12,13}$/, "use o formato internacional só com dígitos, ex.: 5511999990000")
    .default("5511940028922"),
  SHIPPING_ORIGIN_CEP: z
    .string()
    .regex(/^\d{8}$/, "use 8 dígitos")
    .default("01001000"),
  PLANS_HIDDEN_NAMES: list.default([]),
  AUTH_SECRET: z.string().min(32, "use pelo menos 32 caracteres aleatórios").optional(),
  ADMIN_EMAILS: list.default([]),
  MODERATOR_EMAILS: list.default([]),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  SMTP_URL: z.url().optional(),
  /** A production store without SMTP_URL keeps its e-mails unsent only when told so (server/deployment.ts). */
  MAIL: z.literal("sandbox").optional(),
  MAIL_FROM: z.string().min(3).default("Legendarium <nao-responda@legendarium.com.br>"),
  TRUST_PROXY: bool.default(false),
  MELHOR_ENVIO_TOKEN: z.string().min(10).optional(),
  MELHOR_ENVIO_URL: z.url().default("https://melhorenvio.com.br/api/v2"),
  VIACEP_URL: z.url().default("https://viacep.com.br/ws"),
  VIACEP_ENABLED: bool.default(true),
  // Without an access token the store takes payments through the offline sandbox gateway; a production store
  // only when PAYMENTS=sandbox says it is a demonstration (server/deployment.ts).
  PAYMENTS: z.literal("sandbox").optional(),
  MERCADOPAGO_ACCESS_TOKEN: z.string().min(10).optional(),
  MERCADOPAGO_PUBLIC_KEY: z.string().min(10).optional(),
  MERCADOPAGO_WEBHOOK_SECRET: z
    .string()
    .min(16, "use a assinatura secreta das notificações do Mercado Pago")
    .optional(),
  MERCADOPAGO_BASE_URL: z.url().default("https://api.mercadopago.com"),
  /** An OpenTelemetry collector (OTLP/HTTP): the use cases' spans go to `<endpoint>/v1/traces`; unset, none. */
  OTEL_EXPORTER_OTLP_ENDPOINT: z.url().optional(),
  OTEL_SERVICE_NAME: z.string().min(1).default("legendarium"),
  /** Sandbox stores only: the store's clock starts at this instant (ISO 8601) and runs in real time. */
  STORE_CLOCK_START: z.iso.datetime({ offset: true }).optional(),
})

export type Config = z.infer<typeof schema> & { publicUrl: string }

/** Parses the environment once at start; a bad value stops the server with a message naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = schema.safeParse(env)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  - ${i.path.join(".")}: ${i.message}`)
    throw new ConfigError(`Configuração inválida:\n${lines.join("\n")}`)
  }
  const c = parsed.data
  if (c.NODE_ENV === "production" && !c.AUTH_SECRET && c.PUBLIC_URL?.startsWith("https://")) {
    throw new ConfigError(
      "Configuração inválida:\n  - AUTH_SECRET: obrigatório em produção (32+ caracteres aleatórios)",
    )
  }
  if (c.NODE_ENV === "production" && !c.AUTH_SECRET && c.DATABASE_URL) {
    // Each process would invent its own key: sessions and queued e-mail links would break across instances.
    throw new ConfigError(
      "Configuração inválida:\n  - AUTH_SECRET: obrigatório com DATABASE_URL em produção (32+ caracteres aleatórios, o mesmo em todas as instâncias)",
    )
  }
  if (Boolean(c.GOOGLE_CLIENT_ID) !== Boolean(c.GOOGLE_CLIENT_SECRET)) {
    throw new ConfigError(
      "Configuração inválida:\n  - GOOGLE_CLIENT_ID e GOOGLE_CLIENT_SECRET: defina os dois ou nenhum",
    )
  }
  if (Boolean(c.MERCADOPAGO_ACCESS_TOKEN) !== Boolean(c.MERCADOPAGO_PUBLIC_KEY)) {
    throw new ConfigError(
      "Configuração inválida:\n  - MERCADOPAGO_ACCESS_TOKEN e MERCADOPAGO_PUBLIC_KEY: defina os dois ou nenhum",
    )
  }
  if (c.MERCADOPAGO_ACCESS_TOKEN && !c.MERCADOPAGO_WEBHOOK_SECRET) {
    // Without it no notification could be told from a forgery: every one would be refused.
    throw new ConfigError(
      "Configuração inválida:\n  - MERCADOPAGO_WEBHOOK_SECRET: obrigatório com MERCADOPAGO_ACCESS_TOKEN (Suas integrações > Webhooks > Assinatura secreta)",
    )
  }
  if (c.STORE_CLOCK_START && c.MERCADOPAGO_ACCESS_TOKEN) {
    // Real payments carry the real date: a store on another day would expire, charge and ship at wrong times.
    throw new ConfigError(
      "Configuração inválida:\n  - STORE_CLOCK_START: só vale para a loja de testes (sem MERCADOPAGO_ACCESS_TOKEN)",
    )
  }
  return { ...c, publicUrl: (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, "") }
}

const LOOPBACK_HOSTS = new Set(["127.0.0.1", "::1", "localhost"])

/** The server listens on this machine only (not on the network). */
export const listensOnLoopbackOnly = (config: Config) => LOOPBACK_HOSTS.has(config.HOST)

/** The public address is this machine (a newcomer's laptop, not a store on the internet). */
export const publicUrlIsLocal = (config: Config) =>
  ["localhost", "127.0.0.1", "[::1]"].includes(new URL(config.publicUrl).hostname)

export class ConfigError extends Error {
  override name = "ConfigError"
}
