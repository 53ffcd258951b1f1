import { type Config, listensOnLoopbackOnly, publicUrlIsLocal } from "./config"
import type { DemoAccount } from "./demoAccounts"
import { paymentsAreSimulated } from "./deployment"

/** Where the data lives, without the credentials a connection string may carry. */
export function describeDatabase(config: Config): string {
  if (config.DATABASE_URL) {
    const url = new URL(config.DATABASE_URL)
    return `PostgreSQL em ${url.hostname}:${url.port || "5432"}${url.pathname}`
  }
  return config.DATA_DIR === ":memory:"
    ? "PGlite embutido, em memória"
    : `PGlite embutido, em ${config.DATA_DIR}`
}

export function describeMail(config: Config, baseUrl: string): string {
  if (config.SMTP_URL) return `enviados por SMTP (${new URL(config.SMTP_URL).hostname})`
  return listensOnLoopbackOnly(config) && !config.TRUST_PROXY
    ? `guardados sem envio (SMTP_URL não definido): leia em ${baseUrl}/dev/emails (neste computador)`
    : `guardados sem envio (SMTP_URL não definido): leia em ${baseUrl}/dev/emails como administrador`
}

export function describePayments(config: Config): string {
  return paymentsAreSimulated(config)
    ? "simulados pelo sandbox (sem MERCADOPAGO_ACCESS_TOKEN): loja de demonstração, nada é cobrado"
    : "Mercado Pago"
}

/** True when e-mails would be kept unread on a store that serves the internet: worth a warning at start. */
export function mailKeptOnPublicStore(config: Config): boolean {
  return !config.SMTP_URL && (!publicUrlIsLocal(config) || !listensOnLoopbackOnly(config))
}

/** The lines a person starting the store reads first. */
export function startBanner(
  config: Config,
  baseUrl: string,
  createdDemoAccounts: readonly DemoAccount[],
): string {
  const lines = [
    `Legendarium no ar: ${baseUrl}`,
    `Banco de dados: ${describeDatabase(config)}`,
    `E-mails: ${describeMail(config, baseUrl)}`,
    `Pagamentos: ${describePayments(config)}`,
  ]
  if (createdDemoAccounts.length > 0) {
    lines.push("Contas de demonstração criadas agora (anote; estão também no README):")
    for (const a of createdDemoAccounts) lines.push(`  ${a.label}: ${a.email}  senha: ${a.password}`)
  }
  const width = Math.max(...lines.map((l) => l.length))
  const rule = "─".repeat(Math.min(width, 100))
  return [rule, ...lines, rule].join("\n")
}
