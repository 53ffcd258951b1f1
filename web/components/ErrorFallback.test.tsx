import { renderToStaticMarkup } from "react-dom/server"
import { describe, expect, it } from "vitest"
import { ErrorFallback } from "./ErrorFallback"

const page = (error: Error) =>
  renderToStaticMarkup(<ErrorFallback error={error} reset={() => undefined} />).replace(/<[^>]+>/g, "")

describe("the error page", () => {
  it("shows the code of the request a server failure names, in the proxy's format too", () => {
    expect(page(new Error("Erro inesperado. Código do erro: lb-7f3a/42"))).toContain(
      "Código do erro: lb-7f3a/42",
    )
    expect(page(new Error("Erro inesperado. Código do erro: eb_mia2b3c4_k9x8y7z6"))).toContain(
      "Código do erro: eb_mia2b3c4_k9x8y7z6",
    )
  })

  it("makes up a code of its own for a failure born in the browser", () => {
    expect(page(new Error("Cannot read properties of undefined"))).toMatch(
      /Código do erro: eb_[0-9a-z]+_[0-9a-z]+/,
    )
  })
})
