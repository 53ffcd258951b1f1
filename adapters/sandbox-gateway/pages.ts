import type { Selectable } from "kysely"
import { SAO_PAULO_TIME_ZONE } from "../../domain/calendar"
import { formatBRL } from "../../domain/money"
import type { SandboxPreapprovalChargesTable, SandboxPreferencesTable } from "../db/tables/sandbox"
import { formatDigitableLine } from "./boleto"
import type { SandboxPaymentRow } from "./rows"
import type { PreapprovalRow } from "./SandboxSubscriptions"

const html = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] as string,
  )

const dateTime = new Intl.DateTimeFormat("pt-BR", {
  timeZone: SAO_PAULO_TIME_ZONE,
  dateStyle: "short",
  timeStyle: "short",
})

const STATUS_LABEL: Readonly<Record<string, string>> = {
  pending: "Aguardando pagamento",
  in_process: "Em análise",
  approved: "Aprovado",
  rejected: "Recusado",
  cancelled: "Cancelado",
  refunded: "Devolvido",
  charged_back: "Estornado",
}

const METHOD_LABEL: Readonly<Record<string, string>> = { pix: "PIX", boleto: "Boleto", card: "Cartão" }

function statusLabel(row: SandboxPaymentRow) {
  if (row.status === "cancelled" && row.status_detail === "expired") return "Expirado"
  return STATUS_LABEL[row.status] ?? row.status
}

/** The sandbox's pages: plain server-rendered HTML with no external asset, readable without JavaScript. */
export function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${html(title)} · Ambiente de testes</title>
<style>
body{font-family:system-ui,sans-serif;max-width:40rem;margin:0 auto;padding:1.5rem;line-height:1.5;color:#1a1a1a;background:#fff}
.notice{background:#fff4ce;border:1px solid #8a6d00;padding:.75rem 1rem;border-radius:.5rem}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem}dt{font-weight:600}
textarea,code{font-family:ui-monospace,monospace;font-size:.9rem;width:100%;word-break:break-all}
button{font:inherit;padding:.6rem 1rem;border-radius:.4rem;border:2px solid #0b4f9c;background:#0b4f9c;color:#fff;cursor:pointer;margin:.25rem .5rem .25rem 0}
button.secondary{background:#fff;color:#0b4f9c}
button:focus-visible,a:focus-visible,textarea:focus-visible{outline:3px solid #d35400;outline-offset:2px}
a{color:#0b4f9c}
</style>
</head>
<body>
<main id="conteudo">
<p class="notice" role="note">Ambiente de testes: nenhum valor é cobrado de verdade.</p>
${body}
</main>
</body>
</html>`
}

export function paymentPage(row: SandboxPaymentRow, message: string | null): string {
  const payable = row.status === "pending" || row.status === "in_process"
  const expiresAt = row.expires_at ? dateTime.format(row.expires_at) : null
  const details = [
    ["Pedido", html(row.order_id)],
    // What the store told the gateway it sells (never a character before its reveal), as Mercado Pago's receipt says.
    ["Compra", html(row.description)],
    ["Forma de pagamento", METHOD_LABEL[row.method] ?? html(row.method)],
    ["Valor", html(formatBRL(row.amount_cents))],
    ["Situação", `<strong>${html(statusLabel(row))}</strong>`],
  ]
  let instructions = ""
  if (row.method === "pix" && row.pix_qr_code) {
    if (expiresAt) details.push(["Válido até", html(expiresAt)])
    instructions = `
<h2>Pague com PIX</h2>
<img src="data:image/png;base64,${row.pix_qr_base64 ?? ""}" width="260" height="260" alt="QR code do PIX de ${html(formatBRL(row.amount_cents))}">
<p><label for="copia-e-cola">PIX copia e cola</label></p>
<textarea id="copia-e-cola" rows="4" readonly>${html(row.pix_qr_code)}</textarea>`
  }
  if (row.method === "boleto" && row.boleto_digitable_line) {
    if (expiresAt) details.push(["Vencimento", html(expiresAt)])
    instructions = `
<h2>Boleto</h2>
<p>Linha digitável:</p>
<p><code>${html(formatDigitableLine(row.boleto_digitable_line))}</code></p>`
  }
  const actions = payable
    ? `
<h2>Simulação</h2>
<form method="post" action="/sandbox/pagamentos/${html(row.id)}/simular-pagamento">
<button type="submit">Simular pagamento</button>
</form>
${
  row.method === "card"
    ? ""
    : `<form method="post" action="/sandbox/pagamentos/${html(row.id)}/simular-expiracao">
<button type="submit" class="secondary">Simular expiração</button>
</form>`
}`
    : ""
  return layout(
    `Pagamento ${row.id}`,
    `<h1>Pagamento ${html(row.id)}</h1>
${message ? `<p role="status">${html(message)}</p>` : ""}
<dl>${details.map(([k, v]) => `<dt>${k}</dt><dd>${v}</dd>`).join("")}</dl>
${instructions}
${actions}`,
  )
}

export function checkoutPage(pref: Selectable<SandboxPreferencesTable>, expired: boolean): string {
  return layout(
    "Pagar com Mercado Pago",
    `<h1>Pagar com Mercado Pago (simulação)</h1>
<dl><dt>Compra</dt><dd>${html(pref.title)}</dd><dt>Valor</dt><dd>${html(formatBRL(pref.amount_cents))}</dd></dl>
${
  expired
    ? '<p role="alert">Este link de pagamento expirou.</p>'
    : `<form method="post" action="/sandbox/checkout/${html(pref.id)}/pagar">
<button type="submit">Pagar ${html(formatBRL(pref.amount_cents))}</button>
</form>`
}
<p><a href="${html(pref.back_url)}">Voltar para a loja</a></p>`,
  )
}

const PREAPPROVAL_STATUS_LABEL: Readonly<Record<string, string>> = {
  pending: "Pendente",
  authorized: "Autorizada",
  paused: "Pausada",
  cancelled: "Cancelada",
}

/** A recurring authorisation with its charges, and buttons to charge without waiting for the calendar. */
export function preapprovalPage(
  row: PreapprovalRow,
  charges: readonly Selectable<SandboxPreapprovalChargesTable>[],
  message: string | null,
): string {
  const details = [
    ["Assinatura", html(row.subscription_id)],
    ["Descrição", html(row.reason)],
    ["Valor por ciclo", html(formatBRL(row.amount_cents))],
    ["Frequência", row.frequency_months === 1 ? "Mensal" : "A cada 2 meses"],
    ["Cartão", `${html(row.payment_method_id)} final ${html(row.card_last_four)} (${html(row.holder_name)})`],
    ["Situação", `<strong>${html(PREAPPROVAL_STATUS_LABEL[row.status] ?? row.status)}</strong>`],
  ]
  const rows = charges
    .map(
      (c) =>
        `<tr><td>${html(c.id)}</td><td>${html(c.cycle_month)}</td><td>${html(formatBRL(c.amount_cents))}</td>` +
        `<td>${html(STATUS_LABEL[c.status] ?? c.status)} (${html(c.status_detail)})</td>` +
        `<td>${c.retry_attempt}</td><td>${html(dateTime.format(c.charged_at))}</td></tr>`,
    )
    .join("")
  const base = `/sandbox/assinaturas/${html(row.id)}`
  const actions =
    row.status === "authorized"
      ? `
<h2>Simulação</h2>
<p>As renovações são cobradas no dia 1 e, se recusadas, tentadas de novo nos dias 3 e 5. O nome impresso no cartão decide o resultado (APRO aprova; OTHE, FUND e outros recusam).</p>
<form method="post" action="${base}/simular-renovacao"><button type="submit">Simular renovação</button></form>
<form method="post" action="${base}/simular-nova-tentativa"><button type="submit" class="secondary">Simular nova tentativa</button></form>`
      : ""
  return layout(
    `Assinatura ${row.id}`,
    `<h1>Assinatura recorrente</h1>
${message ? `<p role="status">${html(message)}</p>` : ""}
<dl>${details.map(([k, v]) => `<dt>${k}</dt><dd>${v}</dd>`).join("")}</dl>
<h2>Cobranças</h2>
<table><thead><tr><th scope="col">Cobrança</th><th scope="col">Mês</th><th scope="col">Valor</th><th scope="col">Situação</th><th scope="col">Nova tentativa</th><th scope="col">Data</th></tr></thead>
<tbody>${rows}</tbody></table>
${actions}
<p><a href="${html(row.back_url)}">Voltar para a loja</a></p>`,
  )
}

export const notFoundPage = () =>
  layout("Pagamento não encontrado", '<h1>Pagamento não encontrado</h1><p><a href="/">Ir para a loja</a></p>')
