import { type Config, ConfigError, listensOnLoopbackOnly } from "./config"

/**
 * The one place that decides whether this server is a production store and which offline sandboxes it may
 * run. A sandbox stands in for a provider that has no credentials: a newcomer's `npm start` needs them, a
 * store that real customers reach must not get one by accident (an order "paid" by a simulation button, an
 * e-mail no one receives).
 */

/** The providers the store can replace with an offline sandbox. */
export type Sandbox = "payments" | "mail"

/** What tells that real customers may reach this server, in the words an operator knows. */
export function productionSignals(config: Config): readonly string[] {
  const signals: string[] = []
  if (config.PUBLIC_URL?.startsWith("https://")) signals.push("PUBLIC_URL é https")
  if (config.DATABASE_URL) signals.push("DATABASE_URL definida")
  if (config.NODE_ENV === "production" && !listensOnLoopbackOnly(config))
    signals.push(`NODE_ENV=production no HOST ${config.HOST}`)
  return signals
}

/** A production store: `npm start` on this machine (loopback, embedded database, http) is not one. */
export const isProduction = (config: Config) => productionSignals(config).length > 0

/** The sandboxes this configuration runs: each provider without its credentials. */
export function sandboxesInUse(config: Config): readonly Sandbox[] {
  const sandboxes: Sandbox[] = []
  if (!config.MERCADOPAGO_ACCESS_TOKEN) sandboxes.push("payments")
  if (!config.SMTP_URL) sandboxes.push("mail")
  return sandboxes
}

/** Payments go through the sandbox: every page says the store is a demonstration (web/components/DemoNotice). */
export const paymentsAreSimulated = (config: Config) => sandboxesInUse(config).includes("payments")

/**
 * Whether an empty catalogue gets the demo collections: yes for a newcomer's store and a demonstration, but not
 * by default for a production store taking real payments, where invented characters would sell for real money.
 */
export function seedsDemoCatalogue(config: Config): boolean {
  if (config.SEED_DEMO_DATA !== undefined) return config.SEED_DEMO_DATA
  return !isProduction(config) || paymentsAreSimulated(config)
}

/** The sandboxes the operator declared on purpose (PAYMENTS=sandbox, MAIL=sandbox): a demonstration store. */
function declaredSandboxes(config: Config): readonly Sandbox[] {
  return [
    ...(config.PAYMENTS === "sandbox" ? (["payments"] as const) : []),
    ...(config.MAIL === "sandbox" ? (["mail"] as const) : []),
  ]
}

const HOW_TO_CONFIGURE: Readonly<Record<Sandbox, string>> = {
  payments:
    "pagamentos: defina MERCADOPAGO_ACCESS_TOKEN, MERCADOPAGO_PUBLIC_KEY e MERCADOPAGO_WEBHOOK_SECRET, ou PAYMENTS=sandbox se esta for uma loja de demonstração (todas as páginas dirão que os pagamentos são simulados)",
  mail: "e-mail: defina SMTP_URL, ou MAIL=sandbox para guardar os e-mails sem enviá-los (administradores os leem em /dev/emails)",
}

/**
 * Why this configuration may not start, in pt-BR like every start-up error, or null when it may: a production store
 * runs no sandbox it was not told to run, and a declared sandbox never hides credentials that were given.
 */
export function sandboxRefusal(config: Config): string | null {
  const declared = declaredSandboxes(config)
  const inUse = sandboxesInUse(config)
  const contradicted = declared.filter((sandbox) => !inUse.includes(sandbox))
  if (contradicted.length > 0)
    return `Início recusado: ${contradicted
      .map((s) =>
        s === "payments" ? "PAYMENTS=sandbox com MERCADOPAGO_ACCESS_TOKEN" : "MAIL=sandbox com SMTP_URL",
      )
      .join(" e ")} definidos; remova um de cada par.`
  const signals = productionSignals(config)
  const undeclared = inUse.filter((sandbox) => !declared.includes(sandbox))
  if (signals.length === 0 || undeclared.length === 0) return null
  return [
    `Início recusado: esta é uma loja em produção (${signals.join(", ")}) e estes serviços não têm credenciais, então seus simuladores (sandbox) atenderiam clientes reais:`,
    ...undeclared.map((sandbox) => `  - ${HOW_TO_CONFIGURE[sandbox]}`),
  ].join("\n")
}

/** Stops a start that `sandboxRefusal` refuses, with its message. */
export function assertSandboxesAllowed(config: Config): void {
  const refusal = sandboxRefusal(config)
  if (refusal) throw new ConfigError(refusal)
}
