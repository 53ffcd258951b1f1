import { expect } from "vitest"
import { ADMIN_AREAS } from "../../../web/lib/adminLinks"
import { go } from "../../support/pages"
import { ADMIN, type AdminWorld } from "./world"

/**
 * Every area of the sidebar on a 390 px phone, after the other journeys filled its tables: nothing scrolls
 * the page sideways (a wide table scrolls inside its own box, its hidden labels with it).
 */
export async function adminPhoneLayoutJourney(world: AdminWorld) {
  const admin = await world.signedIn(ADMIN)
  await admin.setViewportSize({ width: 390, height: 800 })
  const wide: string[] = []
  for (const { href } of ADMIN_AREAS) {
    await go(admin, world.server.url, href)
    await admin.locator("main h1").first().waitFor()
    const width = await admin.evaluate(() =>
      Math.max(document.documentElement.scrollWidth, document.body.scrollWidth),
    )
    if (width > 390) wide.push(`${href}: ${width} px`)
  }
  expect(wide).toEqual([])
  await admin.context().close()
}
