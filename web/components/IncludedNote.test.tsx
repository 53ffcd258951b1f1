import { renderToStaticMarkup } from "react-dom/server"
import { describe, expect, it } from "vitest"
import { IncludedNote } from "./IncludedNote"

describe("the subscriber's note on a released character", () => {
  it("says it is open to subscribers with free shipping, not that it is included (free)", () => {
    const text = renderToStaticMarkup(<IncludedNote />).replace(/<[^>]+>/g, "")
    expect(text.trim()).toBe("Liberado para assinantes · frete grátis")
    expect(text).not.toMatch(/Incluído/)
  })
})
