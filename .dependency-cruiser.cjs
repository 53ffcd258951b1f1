/** Enforces the hexagonal dependency rule of ARCHITECTURE.md; `npm test` fails on a violation. */
module.exports = {
  forbidden: [
    {
      name: "domain-is-pure",
      comment: "domain/ imports only other domain modules: no package, no Node built-in",
      severity: "error",
      from: { path: "^domain/", pathNot: "\\.test\\.tsx?$" },
      to: { pathNot: "^domain/" },
    },
    {
      name: "application-uses-domain-and-effect",
      comment: "use cases and ports know the domain and Effect only: no SQL, HTTP or SMTP library",
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
      name: "web-never-imports-inner-layers",
      comment: "the web app reaches the server through tRPC only, not even for types",
      severity: "error",
      from: { path: "^web/" },
      to: { path: ["^application/", "^adapters/", "^migrations/"] },
    },
    {
      name: "web-reaches-server-only-through-types",
      comment: "the web app imports router types, never server code at run time",
      severity: "error",
      from: { path: "^web/" },
      to: { path: "^server/", dependencyTypesNot: ["type-only"] },
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
      name: "application-modules-meet-at-front-doors",
      comment:
        "a module reaches another application module through its index.ts only, never a file behind it; " +
        "ports and the shared errors and viewer checks belong to every module",
      severity: "error",
      from: { path: "^application/([^/]+)/", pathNot: "\\.test\\.tsx?$" },
      to: {
        path: "^application/[^/]+/",
        pathNot: ["^application/$1/", "^application/ports/", "^application/[^/]+/index\\.ts$"],
      },
    },
    {
      name: "server-and-adapters-use-front-doors",
      comment: "routers, routes, jobs and adapters call a module's use cases through its index.ts",
      severity: "error",
      from: { path: "^(server|adapters)/", pathNot: "\\.test\\.tsx?$" },
      to: { path: "^application/[^/]+/", pathNot: ["^application/ports/", "^application/[^/]+/index\\.ts$"] },
    },
    {
      name: "no-circular",
      severity: "error",
      from: { pathNot: "^node_modules/" },
      to: { circular: true, dependencyTypesNot: ["type-only"] },
    },
  ],
  options: {
    // Packages are seen (the rules above name them) but not walked into.
    doNotFollow: { path: "node_modules" },
    exclude: { path: ["\\.gen\\.ts$", "^dist/"] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
    },
  },
}
