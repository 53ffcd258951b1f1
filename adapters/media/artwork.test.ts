import { describe, expect, it, vi } from "vitest"
import { DEMO_COLLECTIONS } from "../seed/demoContent"
import { type ArtworkInput, renderArtworkSvg, svgEtag } from "./artwork"

const base: ArtworkInput = {
  title: "Kaito Névoa-Branca",
  subtitle: "Lendas do Anime",
  palette: ["#0f1c2e", "#7fd1e8", "#e8f1f5"],
  motif: "blade",
  seed: "lendas-do-anime/kaito-nevoa-branca",
  variant: "character",
}

/** Minimal well-formedness check: balanced tags, no stray "<" or "&" in text or attribute values. */
function assertWellFormed(svg: string) {
  const stack: string[] = []
  const tag = /<(\/?)([a-zA-Z][\w:-]*)((?:\s+[\w:-]+="[^"<]*")*)\s*(\/?)>/g
  let last = 0
  for (let m = tag.exec(svg); m; m = tag.exec(svg)) {
    const text = svg.slice(last, m.index)
    expect(text).not.toMatch(/[<>]/)
    expect(text).not.toMatch(/&(?!(?:lt|gt|amp|quot|apos);)/)
    for (const value of (m[3] ?? "").matchAll(/="([^"]*)"/g)) {
      expect(value[1]).not.toMatch(/&(?!(?:lt|gt|amp|quot|apos);)/)
    }
    const [, closing, name, , selfClosing] = m
    if (closing) expect(stack.pop()).toBe(name)
    else if (!selfClosing) stack.push(name as string)
    last = tag.lastIndex
  }
  expect(svg.slice(last)).toBe("")
  expect(stack).toEqual([])
}

const titleOf = (svg: string) => /<title[^>]*>([^<]*)<\/title>/.exec(svg)?.[1]

describe("renderArtworkSvg", () => {
  it("is deterministic for the same input and never uses Math.random", () => {
    const random = vi.spyOn(Math, "random")
    const a = renderArtworkSvg(base)
    const b = renderArtworkSvg({ ...base, palette: [...base.palette] })
    expect(a).toBe(b)
    expect(random).not.toHaveBeenCalled()
    random.mockRestore()
  })

  it("varies with the seed", () => {
    const a = renderArtworkSvg(base)
    const b = renderArtworkSvg({ ...base, seed: "lendas-do-anime/mestre-oboro" })
    expect(a).not.toBe(b)
    const covers = new Set(
      ["a", "b", "c"].map((seed) => renderArtworkSvg({ ...base, seed, variant: "cover" })),
    )
    expect(covers.size).toBe(3)
  })

  it("escapes XML special characters in titles and subtitles", () => {
    const svg = renderArtworkSvg({ ...base, title: `<Tom & "Jerry's">`, subtitle: "A&B <c>" })
    expect(svg).toContain("&lt;Tom &amp; &quot;Jerry&apos;s&quot;&gt;")
    expect(svg).not.toContain(`<Tom`)
    expect(svg).not.toContain(`"Jerry's"`)
    expect(svg).toContain("A&amp;B &lt;C&gt;")
    assertWellFormed(svg)
    const cover = renderArtworkSvg({
      ...base,
      variant: "cover",
      title: "Ratos & <Gatos>",
      subtitle: `"Aspas" e 'apóstrofos'`,
    })
    expect(cover).toContain("Ratos &amp; &lt;Gatos&gt;")
    assertWellFormed(cover)
  })

  it("uses the viewBox of each variant and is an accessible image", () => {
    const boxes = {
      character: "0 0 600 800",
      mystery: "0 0 600 800",
      cover: "0 0 1200 630",
    } as const
    for (const variant of ["character", "mystery", "cover"] as const) {
      const svg = renderArtworkSvg({ ...base, variant })
      expect(svg.startsWith("<svg ")).toBe(true)
      expect(svg).toContain(`viewBox="${boxes[variant]}"`)
      expect(svg).toContain('role="img"')
      expect(svg).toContain('xmlns="http://www.w3.org/2000/svg"')
      expect(titleOf(svg)).toBeTruthy()
      assertWellFormed(svg)
    }
  })

  it("hides the character in the mystery variant", () => {
    const svg = renderArtworkSvg({ ...base, variant: "mystery" })
    expect(svg).not.toContain("Kaito")
    expect(svg).not.toContain("Névoa")
    expect(titleOf(svg)).toBe("Personagem Misterioso")
    expect(svg).toContain(">?</text>")
  })

  it("puts the collection name and tagline on the cover", () => {
    const svg = renderArtworkSvg({
      ...base,
      variant: "cover",
      title: "Lendas do Anime",
      subtitle: "A batalha final",
    })
    expect(titleOf(svg)).toBe("Lendas do Anime")
    expect(svg).toContain("A batalha final")
  })

  it("never lets a malformed palette colour into the markup", () => {
    const svg = renderArtworkSvg({ ...base, palette: ['"/><script>alert(1)</script>', "red", "#abc"] })
    expect(svg).not.toContain("script")
    expect(svg).not.toContain('"red"')
    assertWellFormed(svg)
  })

  it("keeps every demo artwork small and well formed", () => {
    for (const c of DEMO_COLLECTIONS) {
      const inputs: ArtworkInput[] = [
        {
          title: c.name,
          subtitle: c.tagline,
          palette: c.palette,
          motif: "star",
          seed: c.slug,
          variant: "cover",
        },
        { title: c.name, palette: c.palette, motif: "star", seed: `${c.slug}-mystery`, variant: "mystery" },
        ...c.characters.map(
          (ch): ArtworkInput => ({
            title: ch.name,
            subtitle: c.name,
            palette: ch.palette,
            motif: ch.motif,
            seed: `${c.slug}/${ch.slug}`,
            variant: "character",
          }),
        ),
      ]
      for (const input of inputs) {
        const svg = renderArtworkSvg(input)
        expect(new TextEncoder().encode(svg).length, input.seed).toBeLessThan(7 * 1024)
        assertWellFormed(svg)
      }
    }
  })
})

describe("svgEtag", () => {
  it("is a short quoted tag, stable for the same content and different otherwise", () => {
    const svg = renderArtworkSvg(base)
    const tag = svgEtag(svg)
    expect(tag).toMatch(/^"[0-9a-z-]{4,40}"$/)
    expect(svgEtag(svg)).toBe(tag)
    expect(svgEtag(`${svg} `)).not.toBe(tag)
    expect(svgEtag(renderArtworkSvg({ ...base, seed: "outro" }))).not.toBe(tag)
  })
})
