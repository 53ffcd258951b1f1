import { renderToStaticMarkup } from "react-dom/server"
import { describe, expect, it } from "vitest"
import { CardFields } from "./cardFields"

const noop = () => {}
const render = (errors: Record<string, string> = {}) =>
  renderToStaticMarkup(
    <CardFields
      id="card"
      fields={null}
      holder="APRO"
      errors={errors}
      onHolderChange={noop}
      events={{ onReady: noop, onFailed: noop, onBinChange: noop, onFieldChange: noop }}
    />,
  )

describe("the card form's markup", () => {
  it("has no input of its own for the number, expiry or security code: only labelled, empty containers", () => {
    const html = render()
    // The holder's name is the one card input the page owns.
    expect(html.match(/<input/g)).toHaveLength(1)
    expect(html).toMatch(/<input[^>]*autocomplete="cc-name"/i)
    for (const [field, label] of [
      ["number", "Número do cartão"],
      ["expiry", "Validade (MM/AA)"],
      ["securityCode", "Código de segurança (CVV)"],
    ] as const) {
      expect(html).toMatch(
        new RegExp(`<label id="card-${field}-label"[^>]*>${label.replace(/[()]/g, "\\$&")}</label>`),
      )
      // Empty, with an input's height reserved, so a frame arriving moves nothing (layout shift).
      expect(html).toMatch(new RegExp(`<div id="card-${field}"[^>]*class="[^"]*\\bh-11\\b[^"]*"[^>]*></div>`))
    }
  })

  it("shows each field's pt-BR error under its container, with the error border", () => {
    const html = render({ number: "Número do cartão inválido" })
    expect(html).toMatch(/<div id="card-number"[^>]*class="[^"]*border-red-600/)
    expect(html).toContain('<p id="card-number-error" role="alert"')
    expect(html).toContain("Número do cartão inválido")
  })
})
