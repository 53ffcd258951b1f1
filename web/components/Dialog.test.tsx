import { renderToStaticMarkup } from "react-dom/server"
import { describe, expect, it } from "vitest"
import { Dialog } from "./Dialog"

describe("Dialog", () => {
  it("shows a visible, named close button by the title when asked to, whatever its content", () => {
    const html = renderToStaticMarkup(
      <Dialog open onClose={() => {}} title="Assinar Anime" closeLabel="Fechar">
        <p>Escolha seu plano</p>
      </Dialog>,
    )
    expect(html).toMatch(/<button type="button"[^>]*>.*Fechar<\/button>/)
  })

  it("has no close button of its own otherwise (its steps offer their own ways out)", () => {
    const html = renderToStaticMarkup(
      <Dialog open onClose={() => {}} title="Pausar assinatura">
        <p>…</p>
      </Dialog>,
    )
    expect(html).not.toContain("Fechar")
  })
})
