import { lazy, Suspense } from "react"

const AccountLinks = lazy(() => import("./AccountLinks").then((m) => ({ default: m.AccountLinks })))

/**
 * Header links of a signed-in customer (administrators also get the ADMIN badge and menu). Visitors, most of
 * the catalogue's traffic, never load this code; for a customer the server's HTML stays until it arrives.
 */
export function AccountMenu() {
  return (
    <Suspense fallback={null}>
      <AccountLinks />
    </Suspense>
  )
}
