import { fileURLToPath } from "node:url"
import { defineConfig } from "vitest/config"

const root = fileURLToPath(new URL("..", import.meta.url))

export default defineConfig({
  root,
  test: {
    // Unit and integration files two at a time (each integration file makes its own databases: freshPostgres,
    // a PGlite snapshot copy); the e2e files still one at a time (fileParallelism: false), since two servers and
    // browsers at once made timing-sensitive journeys time out on a busy 2-core machine. In one Vitest the e2e
    // files come after the others; `npm test` runs them beside the others, in a second Vitest (tests/run.ts).
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: [
            "domain/**/*.test.ts",
            "application/**/*.test.ts",
            "web/**/*.test.{ts,tsx}",
            // The test helpers' and benchmarks' own pure parts (a CPF series, a run's verdict).
            "tests/{support,bench}/**/*.test.ts",
          ],
          environment: "node",
          // Pure code without globals or databases: the files share a worker's module cache instead of each
          // importing Effect, React and zod again (most of the project's time, for tests of milliseconds).
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: [
            "adapters/**/*.test.ts",
            "server/**/*.test.ts",
            "tests/integration/**/*.test.ts",
            "tests/contract/**/*.test.ts",
          ],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          // Migrates and seeds one embedded database that every test server copies (tests/support/server.ts).
          // and starts the one Chromium every file connects to (tests/support/browserServer.ts).
          globalSetup: ["tests/support/serverTemplate.ts", "tests/support/browserServer.ts"],
          // A cold server (first image rasterised, first catalogue read) can take more than the default 1 s.
          expect: { poll: { timeout: 8000, interval: 100 } },
          testTimeout: 60_000,
          hookTimeout: 180_000,
          fileParallelism: false,
          // One worker runs every file in turn, importing Playwright, pg and the support code once: a fresh
          // worker per file cost seconds each. Each file still starts and stops its own servers and contexts.
          // Not isolated, the files need a group of their own (one worker) after the unit and integration files.
          isolate: false,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
})
