import { Hono } from "hono"

/**
 * The header dropdown's names for three admin areas (spec 000 §2) and where the areas live. A redirect on the
 * server, not a route of the browser's router: each route there is bytes of every page's JavaScript.
 */
export const ADMIN_ALIASES: Readonly<Record<string, string>> = {
  "/admin/sales-reports": "/admin/reports",
  "/admin/customers": "/admin/users",
  "/admin/subscription-plans": "/admin/plans",
}

export const adminAliasRoutes = () => {
  const app = new Hono()
  for (const [from, to] of Object.entries(ADMIN_ALIASES))
    app.get(from, (c) => {
      const query = new URL(c.req.url).search
      return c.redirect(`${to}${query}`, 301)
    })
  return app
}
