import { startTransition } from "react"
import "./styles.css"

/** Ends the current task, so the browser can paint and answer input before the next step. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0))

/**
 * Hydration in steps, each its own task: evaluating the app (router, routes, query cache), creating the
 * router, evaluating React DOM, then React's own time-sliced hydration. Evaluated in one go they were one long
 * task that blocked the main thread. The steps' chunks are preloaded with the entry (server/ssr/manifest.ts).
 */
async function start() {
  const { createBrowserApp, whenIdleAfterHydration } = await import("./browserRouter")
  await nextTask()
  const { root } = createBrowserApp()
  await nextTask()
  const { hydrateRoot } = await import("react-dom/client")
  await nextTask()
  // A transition lets React hydrate in slices, yielding to the browser instead of one long blocking task.
  startTransition(() => {
    hydrateRoot(document, root)
  })
  whenIdleAfterHydration()
}

void start()
