import { Hono } from "hono"
import { USERNAME_PATTERN } from "../../domain/community/profile"

/**
 * `/colecionador/{username}`, the address collectors share, opens the profile page, which takes a username or
 * an id (`/profile/{userId}`, spec 001 §1). A redirect on the server, not a second route of the browser's
 * router: each route there is bytes of every page's JavaScript.
 */
export const profileAliasRoutes = () =>
  new Hono().get("/colecionador/:username", (c) => {
    const username = c.req.param("username").toLowerCase()
    if (!USERNAME_PATTERN.test(username)) return c.redirect(`/profile/${encodeURIComponent(username)}`, 301)
    return c.redirect(`/profile/${username}`, 301)
  })
