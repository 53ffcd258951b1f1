import { readdirSync, readFileSync, statSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { EMAIL_TEMPLATE_LABELS, emailTemplateLabel } from "./emailTemplates"

const sources = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return sources(path)
    return path.endsWith(".ts") && !path.endsWith(".test.ts") ? [readFileSync(path, "utf8")] : []
  })

describe("e-mail template labels", () => {
  it("names every template the store sends", () => {
    const used = new Set(
      ["application", "adapters"].flatMap((dir) =>
        sources(dir).flatMap((text) => [...text.matchAll(/template: "([a-z-]+)"/g)].map((m) => m[1] ?? "")),
      ),
    )
    expect(used.size).toBeGreaterThan(20)
    expect([...used].filter((t) => !(t in EMAIL_TEMPLATE_LABELS))).toEqual([])
  })
  it("falls back to the code for one it does not know", () => {
    expect(emailTemplateLabel("payment-pix")).toBe("Instruções do PIX")
    expect(emailTemplateLabel("novo-modelo")).toBe("novo-modelo")
  })
})
