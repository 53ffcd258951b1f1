import { RouterClient } from "@tanstack/react-router/ssr/client"
import { httpBatchLink } from "@trpc/client"
import { startTransition } from "react"
import { hydrateRoot } from "react-dom/client"
import superjson from "superjson"
import { createAppRouter } from "./router"
import "./styles.css"

const router = createAppRouter(
  httpBatchLink({ url: "/api/trpc", transformer: superjson, maxURLLength: 4000 }),
  window.location.origin,
)

// A transition lets React hydrate in slices, yielding to the browser instead of one long blocking task.
startTransition(() => {
  hydrateRoot(document, <RouterClient router={router} />)
})
