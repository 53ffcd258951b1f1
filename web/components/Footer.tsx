import { lazy, Suspense } from "react"

const FooterContent = lazy(() => import("./FooterContent").then((m) => ({ default: m.FooterContent })))

/**
 * The footer: links, support contacts and the newsletter form, below every page's content. Its code is not in
 * the page's initial JavaScript: the server's HTML shows it at once (its links work as plain links), and React
 * hydrates it when its chunk arrives, after the rest of the page.
 */
export function Footer() {
  return (
    <Suspense fallback={null}>
      <FooterContent />
    </Suspense>
  )
}
