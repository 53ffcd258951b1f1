import { Hono } from "hono"
import type { Kysely } from "kysely"
import type { Database } from "../../adapters/db/schema"
import { findDevMailboxMessage, listDevMailbox } from "../../adapters/mail/DevMailbox"
import { escapeHtml as e } from "../../application/mail"

// PostgreSQL answers a malformed uuid with an error, so anything else is a 404 before any query.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const URL_IN_TEXT = /https?:\/\/[^\s<>"')]+/g

const when = new Intl.DateTimeFormat("pt-BR", {
  dateStyle: "short",
  timeStyle: "medium",
  timeZone: "America/Sao_Paulo",
})

const HEADERS = {
  "cache-control": "no-store",
  "x-robots-tag": "noindex, nofollow",
  "x-content-type-options": "nosniff",
  "referrer-policy": "no-referrer",
  // The srcdoc frame inherits this policy: message styles and images still show, scripts never run.
  "content-security-policy":
    "default-src 'none'; style-src 'unsafe-inline'; img-src http: https: data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${e(title)}</title>
<style>
  body { margin: 0; font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1f1b16; background: #f4f1ea; }
  header { background: #14110d; color: #eec25a; padding: 16px 24px; }
  header a { color: #eec25a; text-decoration: none; font-weight: 700; }
  main { max-width: 960px; margin: 0 auto; padding: 24px; }
  h1 { font-size: 22px; margin: 0 0 4px; }
  .hint { color: #6b6358; margin: 0 0 20px; }
  table { width: 100%; border-collapse: collapse; background: #fff; border-radius: 8px; overflow: hidden; }
  th, td { text-align: left; padding: 10px 14px; border-bottom: 1px solid #eee7da; vertical-align: top; }
  th { font-size: 13px; color: #6b6358; font-weight: 600; background: #faf7f0; }
  td a { color: #14110d; font-weight: 600; }
  time { white-space: nowrap; color: #6b6358; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: 4px 16px; background: #fff; padding: 16px; border-radius: 8px; margin: 0 0 20px; }
  dt { color: #6b6358; }
  dd { margin: 0; overflow-wrap: anywhere; }
  h2 { font-size: 17px; margin: 24px 0 8px; }
  iframe { width: 100%; height: 70vh; border: 1px solid #e0d8c8; border-radius: 8px; background: #fff; }
  pre { white-space: pre-wrap; overflow-wrap: anywhere; background: #fff; padding: 16px; border-radius: 8px; border: 1px solid #e0d8c8; }
  ul.links { background: #fff; padding: 12px 32px; border-radius: 8px; overflow-wrap: anywhere; }
</style>
</head>
<body>
<header><a href="/dev/emails">E-mails guardados · sem SMTP</a></header>
<main>
${body}
</main>
</body>
</html>
`
}

/**
 * Development only: reads the messages the DevOutbox mailer kept instead of sending, so a developer can open
 * a verification or reset link without an SMTP account. Never mount it in production.
 */
export function devEmailRoutes(db: Kysely<Database>) {
  return new Hono()
    .get("/", async (c) => {
      const messages = await listDevMailbox(db, 50)
      const rows = messages
        .map(
          (m) => `<tr>
<td>${e(m.to)}</td>
<td><a href="/dev/emails/${e(m.id)}">${e(m.subject)}</a></td>
<td><time datetime="${e(m.createdAt.toISOString())}">${e(when.format(m.createdAt))}</time></td>
</tr>`,
        )
        .join("\n")
      const list = messages.length
        ? `<table>
<thead><tr><th scope="col">Destinatário</th><th scope="col">Assunto</th><th scope="col">Data</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>`
        : `<p>Nenhuma mensagem ainda. Os e-mails que a loja enviar (cadastro, redefinição de senha…) aparecerão aqui.</p>`
      return c.html(
        page(
          "E-mails guardados (sem SMTP)",
          `<h1>E-mails guardados (sem SMTP)</h1>
<p class="hint">Sem SMTP configurado, os e-mails não são enviados: ficam guardados aqui. Mostrando as 50 mensagens mais recentes.</p>
${list}`,
        ),
        200,
        HEADERS,
      )
    })
    .get("/:id", async (c) => {
      const id = c.req.param("id")
      const message = UUID.test(id) ? await findDevMailboxMessage(db, id.toLowerCase()) : null
      if (!message)
        return c.html(
          page(
            "Mensagem não encontrada",
            `<h1>Mensagem não encontrada</h1><p><a href="/dev/emails">Voltar para a caixa de saída</a></p>`,
          ),
          404,
          HEADERS,
        )
      const links = [...new Set(message.text.match(URL_IN_TEXT) ?? [])]
      const linkList = links.length
        ? `<h2>Links da mensagem</h2>
<ul class="links">${links.map((url) => `<li><a href="${e(url)}" target="_blank" rel="noopener noreferrer">${e(url)}</a></li>`).join("")}</ul>`
        : ""
      return c.html(
        page(
          message.subject,
          `<p><a href="/dev/emails">← Voltar para a caixa de saída</a></p>
<h1>${e(message.subject)}</h1>
<dl>
<dt>Para</dt><dd>${e(message.to)}</dd>
<dt>Data</dt><dd><time datetime="${e(message.createdAt.toISOString())}">${e(when.format(message.createdAt))}</time></dd>
${Object.entries(message.headers)
  .map(([name, value]) => `<dt>${e(name)}</dt><dd data-header="${e(name.toLowerCase())}">${e(value)}</dd>`)
  .join("\n")}
</dl>
${linkList}
<h2>Versão HTML</h2>
<iframe title="Versão HTML da mensagem" sandbox="allow-popups allow-popups-to-escape-sandbox" referrerpolicy="no-referrer" srcdoc="${e(message.html)}"></iframe>
<h2>Versão em texto</h2>
<pre>${e(message.text)}</pre>`,
        ),
        200,
        HEADERS,
      )
    })
}
