/** Enforces the hexagonal dependency rule of ARCHITECTURE.md; `npm test` fails on a violation. */
module.exports = {
  forbidden: [
    {
      name: "domain-is-pure",
      comment: "domain/ imports only other domain modules",
      severity: "error",
      from: { path: "^domain/", pathNot: "\\.test\\.tsx?$" },
      to: { pathNot: "^domain/" },
    },
    {
      name: "application-uses-domain-and-effect",
      severity: "error",
      from: { path: "^application/", pathNot: "\\.test\\.tsx?$" },
      to: { pathNot: ["^application/", "^domain/", "^node_modules/effect/"] },
    },
    {
      name: "adapters-not-server-or-web",
      severity: "error",
      from: { path: "^adapters/", pathNot: "\\.test\\.tsx?$" },
      to: { path: ["^server/", "^web/", "^tests/"] },
    },
    {
      name: "web-reaches-server-only-through-types",
      comment: "the web app imports router types, never server code at run time",
      severity: "error",
      from: { path: "^web/" },
      to: {
        path: ["^server/", "^adapters/", "^application/", "^migrations/"],
        dependencyTypesNot: ["type-only"],
      },
    },
    {
      name: "migrations-only-kysely",
      severity: "error",
      from: { path: "^migrations/" },
      to: { pathNot: ["^migrations/", "^node_modules/kysely/"] },
    },
    {
      name: "no-production-code-imports-tests",
      severity: "error",
      from: { path: "^(domain|application|adapters|server|web|migrations)/", pathNot: "\\.test\\.tsx?$" },
      to: { path: "^tests/" },
    },
    {
      name: "no-circular",
      severity: "error",
      from: {},
      to: { circular: true, dependencyTypesNot: ["type-only"] },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: ["\\.gen\\.ts$", "node_modules", "dist"] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
    },
  },
}
