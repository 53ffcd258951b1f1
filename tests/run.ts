import { spawn } from "node:child_process"

/**
 * `npm test`'s test run: the e2e project beside the unit and integration projects, in two Vitest processes.
 * One Vitest runs its groups one after another, so the e2e files (one at a time, tests/vitest.config.ts) would
 * wait for the integration files; yet an e2e file mostly waits on its browser and server (well under a core
 * on average), while the integration files keep both cores busy. Side by side, the run takes about the longer of
 * the two instead of their sum. Arguments are passed on to both (e.g. a reporter).
 */
const vitest = (projects: readonly string[]) =>
  new Promise<number>((resolve) => {
    const args = ["vitest", "run", "--config", "tests/vitest.config.ts"]
    for (const project of projects) args.push("--project", project)
    spawn("npx", [...args, ...process.argv.slice(2)], { stdio: "inherit" }).on("exit", (code) =>
      resolve(code ?? 1),
    )
  })

const codes = await Promise.all([vitest(["e2e"]), vitest(["unit", "integration"])])
process.exit(codes.every((code) => code === 0) ? 0 : 1)
