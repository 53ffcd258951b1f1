import { describe, expect, it } from "vitest"
import {
  type EmailContent,
  escapeHtml,
  passwordChangedEmail,
  resetPasswordEmail,
  type StoreIdentity,
  verificationEmail,
  welcomeEmail,
} from "./templates"

const store: StoreIdentity = {
  name: "Legendarium",
  supportEmail: "contato@legendarium.example",
  supportHours: "segunda a sexta, das 9h às 18h",
  publicUrl: "https://legendarium.example",
}
const HOSTILE = `Ana <script>alert("x")</script> & 'Bia'`
const LINK = "https://legendarium.example/verificar?token=abc&next=/conta"

const all: Array<[string, EmailContent, string | null]> = [
  ["verification", verificationEmail({ name: "Ana", url: LINK, store }), LINK],
  ["reset", resetPasswordEmail({ name: "Ana", url: LINK, store }), LINK],
  ["password changed", passwordChangedEmail({ name: "Ana", when: "21/11/2026 09:30", store }), null],
  ["welcome", welcomeEmail({ name: "Ana", url: store.publicUrl, store }), store.publicUrl],
]

describe("e-mail templates", () => {
  it("uses the agreed subjects", () => {
    expect(all.map(([, m]) => m.subject)).toEqual([
      "Confirme seu e-mail — Legendarium",
      "Redefinição de senha — Legendarium",
      "Sua senha foi alterada — Legendarium",
      "Boas-vindas à Legendarium!",
    ])
  })

  it.each(all)("%s names the store, the support address and hours, and says why it was sent", (_, m) => {
    for (const part of [m.html, m.text]) {
      expect(part).toContain("Legendarium")
      expect(part).toContain(store.supportEmail)
      expect(part).toContain("das 9h às 18h")
      expect(part).toContain("Você recebeu este e-mail porque")
      expect(part).toContain("Olá, Ana!")
    }
    expect(m.html).toContain(`href="mailto:${store.supportEmail}"`)
    expect(m.html).toContain('lang="pt-BR"')
    expect(m.html).toContain("#eec25a")
  })

  it.each(all.filter(([, , url]) => url))(
    "%s carries its link as a button and as plain text",
    (_, m, url) => {
      const escaped = escapeHtml(url!)
      expect(m.html.split(`href="${escaped}"`).length - 1).toBeGreaterThanOrEqual(2)
      expect(m.html).toContain(`>${escaped}</a>`)
      expect(m.text).toContain(`\n${url}\n`)
    },
  )

  it("says how long each link lasts", () => {
    const [verification, reset] = all.map(([, m]) => m)
    expect(verification!.html).toContain("válido por 24 horas")
    expect(verification!.text).toContain("válido por 24 horas")
    expect(reset!.html).toContain("válido por 1 hora.")
    expect(reset!.text).toContain("válido por 1 hora.")
  })

  it("points at the button in HTML and at the link in plain text", () => {
    for (const [, m, url] of all) {
      if (!url) continue
      expect(m.text).not.toMatch(/botão/)
    }
    const [verification, reset] = all.map(([, m]) => m)
    expect(verification!.html).toContain("clicando no botão abaixo")
    expect(verification!.text).toContain("acessando o link abaixo")
    expect(reset!.html).toContain("clique no botão abaixo")
    expect(reset!.text).toContain("acesse o link abaixo")
  })

  it("states when the password was changed", () => {
    const m = passwordChangedEmail({ name: "Ana", when: "21/11/2026 09:30", store })
    expect(m.html).toContain("21/11/2026 09:30")
    expect(m.text).toContain("21/11/2026 09:30")
  })

  it("escapes every interpolated value in the HTML but keeps the text version literal", () => {
    const hostileStore: StoreIdentity = {
      name: `L&<b>"loja"`,
      supportEmail: `a"b@<x>.example`,
      supportHours: "<i>sempre</i>",
      publicUrl: `https://legendarium.example/?a=1&b="2"`,
    }
    const messages = [
      verificationEmail({ name: HOSTILE, url: `${LINK}&x="><script>`, store: hostileStore }),
      resetPasswordEmail({ name: HOSTILE, url: LINK, store: hostileStore }),
      passwordChangedEmail({ name: HOSTILE, when: "<b>agora</b>", store: hostileStore }),
      welcomeEmail({ name: HOSTILE, url: hostileStore.publicUrl, store: hostileStore }),
    ]
    for (const m of messages) {
      expect(m.html).not.toContain("<script")
      expect(m.html).not.toContain("<b>")
      expect(m.html).not.toContain("<i>")
      expect(m.html).not.toContain("<x>")
      expect(m.html).not.toContain('"loja"')
      expect(m.html).toContain("Ana &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;Bia&#39;")
      expect(m.html).toContain("L&amp;&lt;b&gt;&quot;loja&quot;")
      expect(m.text).toContain(`Olá, ${HOSTILE}!`)
    }
    expect(messages[0]!.html).toContain('x=&quot;&gt;&lt;script&gt;"')
  })

  it("keeps a name on one line and greets without one", () => {
    const m = verificationEmail({ name: "  Ana\n\tMaria\u0007 ", url: LINK, store })
    expect(m.text).toContain("Olá, Ana Maria!")
    expect(verificationEmail({ name: "   ", url: LINK, store }).text).toContain("Olá!\n")
  })

  it("refuses links that are not web addresses", () => {
    expect(() => verificationEmail({ name: "Ana", url: "javascript:alert(1)", store })).toThrow()
    expect(() => resetPasswordEmail({ name: "Ana", url: "/relative", store })).toThrow()
  })
})
