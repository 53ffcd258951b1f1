import { readFileSync } from "node:fs"
import { describe, expect, it } from "vitest"
import { CATALOGUE_PATH, renderEventCatalogue } from "./eventCatalogue"

describe("docs/events.md", () => {
  it("is the catalogue the registry and the sources give today (npm run docs:events rewrites it)", () => {
    expect(readFileSync(CATALOGUE_PATH, "utf8")).toBe(renderEventCatalogue())
  })

  it("names a declaration for every event and a file for every handler", () => {
    const catalogue = renderEventCatalogue()
    expect(catalogue).not.toContain("declared in ?")
    expect(catalogue).not.toMatch(/\), \[\?\]/)
  })
})
