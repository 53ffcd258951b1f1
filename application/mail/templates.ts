/** What every message needs to know about the store: who is writing and how to reach a person. */
export interface StoreIdentity {
  readonly name: string
  readonly supportEmail: string
  readonly supportHours: string
  readonly publicUrl: string
}

export interface EmailContent {
  readonly subject: string
  readonly html: string
  readonly text: string
}

/** Hours a verification link stays valid; the auth configuration must use the same value. */
export const VERIFICATION_LINK_HOURS = 24
/** Hours a password-reset link stays valid; the auth configuration must use the same value. */
export const RESET_LINK_HOURS = 1

const GOLD = "#eec25a"
const INK = "#14110d"
const BODY_TEXT = "#2b2620"
const MUTED = "#6b6358"
const PAGE = "#f4f1ea"
const FONT = "-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif"
const SERIF = "Georgia,'Times New Roman',serif"
/** Where a sender adds a footer line (the unsubscribe link) to a rendered message; empty otherwise. */
const FOOTER_SLOT = "<!--footer-slot-->"

const HTML_ENTITIES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g

/** Safe in element content and in quoted attributes alike. */
export function escapeHtml(value: string): string {
  return value.replace(CONTROL, "").replace(/[&<>"']/g, (ch) => HTML_ENTITIES[ch] ?? ch)
}

/** A name comes from a sign-up form: keep it on one line and short enough not to wreck the layout. */
function cleanName(name: string): string {
  const flat = name.replace(CONTROL, "").replace(/\s+/g, " ").trim()
  return flat.length > 80 ? `${flat.slice(0, 79)}…` : flat
}

/** Links go into href attributes, so only web addresses are accepted: never `javascript:` or `data:`. */
export function webUrl(url: string): string {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    throw new Error("Endereço inválido para um link de e-mail")
  }
  if (parsed.protocol !== "https:" && parsed.protocol !== "http:")
    throw new Error("Um link de e-mail precisa usar http ou https")
  return url
}

export const greeting = (name: string) => {
  const clean = cleanName(name)
  return clean ? `Olá, ${clean}!` : "Olá!"
}

/** Most paragraphs read the same everywhere; those pointing at the button must say "link" in plain text. */
export type Paragraph = string | ((medium: "html" | "text") => string)
const inMedium = (paragraph: Paragraph, medium: "html" | "text") =>
  typeof paragraph === "string" ? paragraph : paragraph(medium)

/** One line of a small table: an item and its price, or a total. */
export interface LetterRow {
  readonly label: string
  readonly value: string
  /** A second line under the label, such as the edition numbers of an item. */
  readonly detail?: string
  /** Set apart from the rows above it (where the totals begin). */
  readonly divider?: boolean
  /** Bold, for the row that matters most (the total). */
  readonly strong?: boolean
}

export interface CodeBlock {
  readonly label: string
  readonly value: string
  readonly note?: string
}

const codesOf = (letter: Letter): readonly CodeBlock[] =>
  letter.code === undefined ? [] : "value" in letter.code ? [letter.code] : letter.code

export interface Letter {
  readonly subject: string
  /** The preview line most inboxes show beside the subject. */
  readonly preheader: string
  readonly heading: string
  /** A picture under the heading (a character's art); HTML only. */
  readonly image?: { readonly url: string; readonly alt: string }
  readonly paragraphs: readonly Paragraph[]
  /** A small table after the paragraphs: items, amounts. */
  readonly rows?: readonly LetterRow[]
  /**
   * A code the reader copies exactly (PIX copia e cola, a boleto's digitable line, a tracking code), in a
   * monospace block; several, each in its own block, in the order given.
   */
  readonly code?: CodeBlock | readonly CodeBlock[]
  readonly action?: { readonly label: string; readonly url: string; readonly validity?: string }
  /** Highlighted advice, for what the reader must do when something looks wrong. */
  readonly notice?: string
  /** Why this message was sent, and what to do if the reader did not ask for it. */
  readonly reason: string
}

export function renderHtml(letter: Letter, store: StoreIdentity): string {
  const e = escapeHtml
  const p = (text: string, style = "") =>
    `<p style="margin:0 0 16px;font-family:${FONT};font-size:16px;line-height:1.6;color:${BODY_TEXT};${style}">${e(text)}</p>`
  const small = (text: string, style = "") =>
    `<p style="margin:0 0 12px;font-family:${FONT};font-size:13px;line-height:1.6;color:${MUTED};${style}">${text}</p>`

  const action = letter.action
    ? [
        `<table role="presentation" cellpadding="0" cellspacing="0" border="0" align="center" style="margin:28px auto">`,
        `<tr><td align="center" bgcolor="${GOLD}" style="border-radius:8px;background:${GOLD}">`,
        `<a href="${e(letter.action.url)}" target="_blank" rel="noopener" style="display:inline-block;padding:14px 32px;font-family:${FONT};font-size:16px;font-weight:700;line-height:1.2;color:${INK};text-decoration:none;border-radius:8px">${e(letter.action.label)}</a>`,
        "</td></tr></table>",
        letter.action.validity
          ? p(letter.action.validity, `font-size:14px;color:${MUTED};text-align:center`)
          : "",
        small("Se o botão não funcionar, copie e cole este endereço no seu navegador:"),
        small(
          `<a href="${e(letter.action.url)}" target="_blank" rel="noopener" style="color:${BODY_TEXT};text-decoration:underline">${e(letter.action.url)}</a>`,
          "word-break:break-all;overflow-wrap:anywhere;margin-bottom:24px",
        ),
      ].join("")
    : ""

  const rows = letter.rows?.length
    ? [
        `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 24px;border-collapse:collapse">`,
        ...letter.rows.map((row) => {
          const cell = `padding:8px 0;font-family:${FONT};font-size:15px;line-height:1.5;color:${BODY_TEXT};vertical-align:top;${row.strong ? "font-weight:700;" : ""}${row.divider ? "border-top:1px solid #e7e1d6;" : ""}`
          const detail = row.detail
            ? `<br><span style="font-size:13px;font-weight:400;color:${MUTED}">${e(row.detail)}</span>`
            : ""
          return `<tr><td style="${cell}">${e(row.label)}${detail}</td><td align="right" style="${cell}padding-left:16px;text-align:right;white-space:nowrap">${e(row.value)}</td></tr>`
        }),
        "</table>",
      ].join("")
    : ""

  const code = codesOf(letter)
    .flatMap((block) => [
      p(block.label, "margin-bottom:8px;font-weight:700"),
      `<div style="margin:0 0 24px;padding:14px 16px;background:${PAGE};border:1px solid #e7e1d6;border-radius:6px;font-family:Menlo,Consolas,'Courier New',monospace;font-size:14px;line-height:1.5;color:${INK};word-break:break-all;overflow-wrap:anywhere">${e(block.value)}</div>`,
      block.note ? p(block.note, `font-size:14px;color:${MUTED}`) : "",
    ])
    .join("")

  const notice = letter.notice
    ? `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 24px"><tr><td style="padding:16px 20px;background:#fbf3df;border-left:4px solid ${GOLD};border-radius:4px;font-family:${FONT};font-size:15px;line-height:1.6;color:${BODY_TEXT}">${e(letter.notice)}</td></tr></table>`
    : ""

  const home = e(store.publicUrl)
  const support = e(store.supportEmail)

  return `<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="x-apple-disable-message-reformatting">
<meta name="color-scheme" content="light">
<meta name="supported-color-schemes" content="light">
<title>${e(letter.subject)}</title>
<style>
@media only screen and (max-width: 620px) {
  .card { padding: 28px 20px !important; }
  .band { padding: 20px !important; }
}
</style>
</head>
<body style="margin:0;padding:0;background:${PAGE};-webkit-text-size-adjust:100%">
<div style="display:none;max-height:0;max-width:0;overflow:hidden;opacity:0;mso-hide:all">${e(letter.preheader)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:${PAGE}">
<tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:600px;width:100%">
<tr><td class="band" align="center" bgcolor="${INK}" style="background:${INK};padding:28px 40px;border-radius:12px 12px 0 0">
<a href="${home}" target="_blank" rel="noopener" style="font-family:${SERIF};font-size:26px;font-weight:700;letter-spacing:2px;color:${GOLD};text-decoration:none">${e(store.name)}</a>
</td></tr>
<tr><td class="card" bgcolor="#ffffff" style="background:#ffffff;padding:40px;border-radius:0 0 12px 12px">
<h1 style="margin:0 0 24px;font-family:${SERIF};font-size:24px;line-height:1.3;font-weight:700;color:${INK}">${e(letter.heading)}</h1>
${letter.image ? `<img src="${e(webUrl(letter.image.url))}" alt="${e(letter.image.alt)}" width="520" style="display:block;width:100%;max-width:520px;height:auto;margin:0 auto 24px;border-radius:8px">` : ""}
${letter.paragraphs.map((text) => p(inMedium(text, "html"))).join("\n")}
${rows}${code}${notice}${action}
<hr style="border:none;border-top:1px solid #e7e1d6;margin:24px 0">
${small(e(letter.reason), "margin:0")}
</td></tr>
<tr><td class="band" align="center" style="padding:24px 40px">
${small(`Dúvidas? Fale com a gente: <a href="mailto:${support}" style="color:${MUTED};text-decoration:underline">${support}</a>`, "text-align:center;margin:0 0 4px")}
${small(`Atendimento: ${e(store.supportHours)}`, "text-align:center;margin:0 0 4px")}
${small(`<a href="${home}" target="_blank" rel="noopener" style="color:${MUTED};text-decoration:none">${e(store.name)}</a>`, "text-align:center;margin:0")}
${FOOTER_SLOT}
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`
}

export function renderText(letter: Letter, store: StoreIdentity): string {
  const blocks: string[] = [
    store.name.toLocaleUpperCase("pt-BR"),
    letter.heading,
    ...letter.paragraphs.map((text) => inMedium(text, "text")),
  ]
  if (letter.rows?.length)
    blocks.push(
      letter.rows
        .map((row) => {
          const line = `${row.label} — ${row.value}${row.detail ? ` — ${row.detail}` : ""}`
          return row.divider ? `\n${line}` : line
        })
        .join("\n"),
    )
  for (const block of codesOf(letter)) {
    blocks.push(`${block.label}:\n${block.value}`)
    if (block.note) blocks.push(block.note)
  }
  if (letter.notice) blocks.push(letter.notice)
  if (letter.action) {
    blocks.push(`${letter.action.label}:\n${letter.action.url}`)
    if (letter.action.validity) blocks.push(letter.action.validity)
  }
  blocks.push(
    letter.reason,
    [
      "—",
      `Dúvidas? Fale com a gente: ${store.supportEmail}`,
      `Atendimento: ${store.supportHours}`,
      `${store.name} · ${store.publicUrl}`,
    ].join("\n"),
  )
  return `${blocks.join("\n\n")}\n`
}

/**
 * Adds "Não quer mais receber…? Descadastrar" to a rendered message: in the footer of the HTML (before the
 * end of the body when the HTML is not one of ours) and at the end of the text.
 */
export function withFooterLink(
  content: EmailContent,
  line: { readonly question: string; readonly label: string; readonly url: string },
): EmailContent {
  const url = webUrl(line.url)
  const html = `<p style="margin:12px 0 0;font-family:${FONT};font-size:13px;line-height:1.6;color:${MUTED};text-align:center">${escapeHtml(line.question)} <a href="${escapeHtml(url)}" target="_blank" rel="noopener" style="color:${MUTED};text-decoration:underline">${escapeHtml(line.label)}</a></p>`
  return {
    subject: content.subject,
    html: content.html.includes(FOOTER_SLOT)
      ? content.html.replace(FOOTER_SLOT, html)
      : content.html.replace(/<\/body>/i, `${html}</body>`),
    text: `${content.text.trimEnd()}\n\n${line.question} ${line.label}:\n${url}\n`,
  }
}

export function compose(letter: Letter, store: StoreIdentity): EmailContent {
  return { subject: letter.subject, html: renderHtml(letter, store), text: renderText(letter, store) }
}

const hours = (n: number) => (n === 1 ? "1 hora" : `${n} horas`)

export function verificationEmail(input: { name: string; url: string; store: StoreIdentity }): EmailContent {
  const { store } = input
  return compose(
    {
      subject: `Confirme seu e-mail — ${store.name}`,
      preheader: `Falta só um passo para ativar sua conta na ${store.name}.`,
      heading: "Confirme seu e-mail",
      paragraphs: [
        greeting(input.name),
        (medium) =>
          `Obrigado por criar sua conta na ${store.name}! Para ativá-la, confirme que este endereço de e-mail é seu ${medium === "html" ? "clicando no botão abaixo" : "acessando o link abaixo"}.`,
      ],
      action: {
        label: "Confirmar meu e-mail",
        url: webUrl(input.url),
        validity: `Este link é válido por ${hours(VERIFICATION_LINK_HOURS)}. Depois desse prazo, será preciso pedir um novo.`,
      },
      reason: `Você recebeu este e-mail porque este endereço foi usado para criar uma conta na ${store.name}. Se não foi você, basta ignorar esta mensagem: a conta não será ativada sem a confirmação.`,
    },
    store,
  )
}

export function resetPasswordEmail(input: { name: string; url: string; store: StoreIdentity }): EmailContent {
  const { store } = input
  return compose(
    {
      subject: `Redefinição de senha — ${store.name}`,
      preheader: `Use o link desta mensagem para escolher uma nova senha na ${store.name}.`,
      heading: "Redefina sua senha",
      paragraphs: [
        greeting(input.name),
        (medium) =>
          `Recebemos um pedido para redefinir a senha da sua conta na ${store.name}. Para escolher uma nova senha, ${medium === "html" ? "clique no botão abaixo" : "acesse o link abaixo"}.`,
      ],
      action: {
        label: "Redefinir minha senha",
        url: webUrl(input.url),
        validity: `Por segurança, este link é válido por ${hours(RESET_LINK_HOURS)}.`,
      },
      reason: `Você recebeu este e-mail porque foi pedida a redefinição da senha da conta ligada a este endereço. Se não foi você, ignore esta mensagem: sua senha atual continua valendo. Se receber pedidos que não fez com frequência, fale com a gente pelo ${store.supportEmail}.`,
    },
    store,
  )
}

export function passwordChangedEmail(input: {
  name: string
  /** Already formatted for the reader, as dd/MM/yyyy HH:mm. */
  when: string
  store: StoreIdentity
}): EmailContent {
  const { store } = input
  return compose(
    {
      subject: `Sua senha foi alterada — ${store.name}`,
      preheader: `A senha da sua conta na ${store.name} foi alterada em ${input.when}.`,
      heading: "Sua senha foi alterada",
      paragraphs: [
        greeting(input.name),
        `A senha da sua conta na ${store.name} foi alterada em ${input.when}.`,
        "Se foi você, está tudo certo e não é preciso fazer nada.",
      ],
      notice: `Não reconhece esta alteração? Redefina sua senha agora mesmo pela página de login e avise a gente pelo ${store.supportEmail}, para protegermos sua conta.`,
      reason: `Você recebeu este e-mail porque, para sua segurança, avisamos sempre que a senha da sua conta na ${store.name} é alterada.`,
    },
    store,
  )
}

export function welcomeEmail(input: { name: string; url: string; store: StoreIdentity }): EmailContent {
  const { store } = input
  return compose(
    {
      subject: `Boas-vindas à ${store.name}!`,
      preheader: `Sua conta na ${store.name} está pronta.`,
      heading: "Sua conta está pronta!",
      paragraphs: [
        greeting(input.name),
        `Que bom ter você com a gente! Sua conta na ${store.name} já está ativa.`,
        "Agora é só explorar as coleções, conhecer os personagens de cada edição e garantir suas figuras favoritas.",
      ],
      action: { label: "Conhecer as coleções", url: webUrl(input.url) },
      reason: `Você recebeu este e-mail porque criou uma conta na ${store.name}. Se não foi você, fale com a gente pelo ${store.supportEmail}.`,
    },
    store,
  )
}

export function existingAccountEmail(input: {
  name: string
  loginUrl: string
  resetUrl: string
  store: StoreIdentity
}): EmailContent {
  const { store } = input
  return compose(
    {
      subject: `Você já tem uma conta — ${store.name}`,
      preheader: `Alguém tentou criar uma conta na ${store.name} com este e-mail.`,
      heading: "Você já tem uma conta",
      paragraphs: [
        greeting(input.name),
        `Recebemos um pedido para criar uma conta na ${store.name} com este endereço de e-mail, mas ele já tem uma conta com a gente.`,
        (medium) =>
          `Para entrar, ${medium === "html" ? "use o botão abaixo" : "acesse o link abaixo"}. Se não lembra a senha, redefina em ${webUrl(input.resetUrl)}.`,
      ],
      action: { label: "Entrar na minha conta", url: webUrl(input.loginUrl) },
      reason: `Você recebeu este e-mail porque alguém tentou criar uma conta com este endereço. Se não foi você, pode ignorar: nada mudou na sua conta.`,
    },
    store,
  )
}

export function newsletterConfirmationEmail(input: { url: string; store: StoreIdentity }): EmailContent {
  const { store } = input
  return compose(
    {
      subject: `Confirme sua inscrição — ${store.name}`,
      preheader: `Falta só confirmar para receber as novidades da ${store.name}.`,
      heading: "Confirme sua inscrição",
      paragraphs: [
        "Olá!",
        (medium) =>
          `Recebemos um pedido para enviar as novidades da ${store.name} (revelações de personagens, lançamentos e ofertas) para este e-mail. Para confirmar, ${medium === "html" ? "clique no botão abaixo" : "acesse o link abaixo"}.`,
      ],
      action: {
        label: "Confirmar inscrição",
        url: webUrl(input.url),
        validity: "Este link é válido por 7 dias.",
      },
      reason: `Você recebeu este e-mail porque este endereço foi informado no site da ${store.name}. Se não foi você, ignore esta mensagem: sem a confirmação, nada será enviado.`,
    },
    store,
  )
}
