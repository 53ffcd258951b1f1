import { lazy, Suspense } from "react"

const NewsletterSignup = lazy(() =>
  import("./NewsletterSignup").then((m) => ({ default: m.NewsletterSignup })),
)

/**
 * The footer's newsletter form. Its code is not in the page's initial JavaScript: the server's HTML shows the
 * form at once, and React hydrates it when its chunk arrives, after the rest of the page.
 */
export function NewsletterForm() {
  return (
    <Suspense fallback={null}>
      <NewsletterSignup />
    </Suspense>
  )
}
