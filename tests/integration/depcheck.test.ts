import { execFileSync } from "node:child_process"
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import { afterAll, describe, expect, it } from "vitest"

const root = fileURLToPath(new URL("../..", import.meta.url))
const fixture = mkdtempSync(join(tmpdir(), "depcheck-"))

/** One file per rule, each breaking it once; and two that keep the front-door rules. */
const FILES: Record<string, string> = {
  "domain/usesPackage.ts": `import { Kysely } from "kysely"\nexport const a = Kysely\n`,
  "domain/a.ts": `import { b } from "./b"\nexport const a2 = () => b\n`,
  "domain/b.ts": `import { a2 } from "./a"\nexport const b = () => a2\n`,
  "domain/usesTests.ts": `import { t } from "../tests/helper"\nexport const c = t\n`,
  "tests/helper.ts": `export const t = 1\n`,
  "application/usesPg.ts": `import pg from "pg"\nexport const d = pg\n`,
  "application/types.ts": `export type Summary = { id: string }\n`,
  "adapters/usesServer.ts": `import { s } from "../server/s"\nexport const e = s\n`,
  "server/s.ts": `export const s = 1\n`,
  "web/typesFromApplication.ts": `import type { Summary } from "../application/types"\nexport type F = Summary\n`,
  "web/runsServerCode.ts": `import { s } from "../server/s"\nexport const g = s\n`,
  "migrations/usesAuth.ts": `import { betterAuth } from "better-auth"\nexport const h = betterAuth\n`,
  "application/payments/charge.ts": `export const charge = 1\n`,
  "application/payments/index.ts": `export { charge } from "./charge"\n`,
  "application/orders/pastFrontDoor.ts": `import { charge } from "../payments/charge"\nexport const i = charge\n`,
  "application/orders/throughFrontDoor.ts": `import { charge } from "../payments"\nexport const j = charge\n`,
  "server/pastFrontDoor.ts": `import { charge } from "../application/payments/charge"\nexport const k = charge\n`,
  "server/throughFrontDoor.ts": `import { charge } from "../application/payments"\nexport const l = charge\n`,
}

afterAll(() => rmSync(fixture, { recursive: true, force: true }))

describe("the layer rules (npm run depcheck)", () => {
  it("reject a violating fixture of every rule, packages included", () => {
    for (const [path, text] of Object.entries(FILES)) {
      mkdirSync(join(fixture, dirname(path)), { recursive: true })
      writeFileSync(join(fixture, path), text)
    }
    copyFileSync(join(root, ".dependency-cruiser.cjs"), join(fixture, ".dependency-cruiser.cjs"))
    writeFileSync(
      join(fixture, "tsconfig.json"),
      JSON.stringify({ compilerOptions: { module: "ESNext", moduleResolution: "Bundler", strict: true } }),
    )
    symlinkSync(join(root, "node_modules"), join(fixture, "node_modules"), "dir")

    let output = ""
    try {
      output = execFileSync(
        join(root, "node_modules/.bin/depcruise"),
        [
          "domain",
          "application",
          "adapters",
          "server",
          "web",
          "migrations",
          "--config",
          ".dependency-cruiser.cjs",
          "--output-type",
          "json",
        ],
        { cwd: fixture, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 },
      )
    } catch (error) {
      // depcruise exits non-zero when it finds violations; the report is still on stdout.
      output = (error as { stdout: string }).stdout
    }
    const report = JSON.parse(output) as {
      summary: { violations: { rule: { name: string }; from: string; to: string }[] }
    }
    const broken = new Map(report.summary.violations.map((v) => [v.rule.name, `${v.from} → ${v.to}`]))
    expect([...broken.keys()].sort()).toEqual([
      "adapters-not-server-or-web",
      "application-modules-meet-at-front-doors",
      "application-uses-domain-and-effect",
      "domain-is-pure",
      "migrations-only-kysely",
      "no-circular",
      "no-production-code-imports-tests",
      "server-and-adapters-use-front-doors",
      "web-never-imports-inner-layers",
      "web-reaches-server-only-through-types",
    ])
    // A module's own files, and another module's front door, are no violation.
    expect(report.summary.violations.filter((v) => v.from.includes("throughFrontDoor"))).toEqual([])
    expect(broken.get("application-modules-meet-at-front-doors")).toBe(
      "application/orders/pastFrontDoor.ts → application/payments/charge.ts",
    )
    expect(broken.get("server-and-adapters-use-front-doors")).toBe(
      "server/pastFrontDoor.ts → application/payments/charge.ts",
    )
    expect(report.summary.violations.map((v) => v.to)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/node_modules\/kysely/),
        expect.stringMatching(/node_modules\/pg\//),
      ]),
    )
  })
})
