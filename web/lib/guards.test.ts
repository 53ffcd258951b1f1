import { describe, expect, it } from "vitest"
import { safeFrom, verificationCallbackURL } from "./guards"

describe("verificationCallbackURL: the confirmation e-mail's way back", () => {
  it("carries a local `from` (a collection's subscription dialog) to /auth/callback", () => {
    const from = "/colecoes/anime?assinar=monthly-plan"
    const url = verificationCallbackURL(from)
    expect(url).toBe("/auth/callback?from=%2Fcolecoes%2Fanime%3Fassinar%3Dmonthly-plan")
    // What the callback page then follows, exactly as the sign-in page would.
    expect(safeFrom(new URL(url, "https://loja.example").searchParams.get("from"))).toBe(from)
  })

  it("keeps 'carrinho' as the sign-in page reads it", () => {
    expect(verificationCallbackURL("carrinho")).toBe("/auth/callback?from=%2Fcarrinho")
  })

  it.each([
    undefined,
    "",
    "https://evil.example/colecoes",
    "//evil.example",
    "javascript:alert(1)",
    "colecoes/anime",
    "/\\evil.example",
    "/\\/evil.example",
    "/%0a/evil.example".replace("%0a", "\n"),
    "/\tcolecoes",
  ])("never carries %o off the site: plain /auth/callback", (from) => {
    expect(verificationCallbackURL(from)).toBe("/auth/callback")
  })
})

describe("safeFrom", () => {
  it.each(["/colecoes/lendas-do-anime?assinar=monthly-plan", "/perfil?tab=orders", "/"])(
    "keeps %o",
    (from) => {
      expect(safeFrom(from)).toBe(from)
    },
  )

  it.each(["/😀", "/colecoes/ação?busca=Ônix#fim", "/busca?q=%C3%A3"])(
    "encodes %o so it can be a redirect's Location header, keeping it local",
    (from) => {
      const encoded = safeFrom(from)
      expect(() => new Headers({ location: encoded })).not.toThrow()
      expect(encoded.startsWith("/")).toBe(true)
      expect(decodeURI(encoded)).toBe(decodeURI(from))
    },
  )

  it.each(["/\\evil.example", "//evil.example", "/\n/evil.example", "https://evil.example", 42])(
    "sends %o to the account page",
    (from) => {
      expect(safeFrom(from)).toBe("/perfil")
    },
  )
})
