import { RouterClient } from "@tanstack/react-router/ssr/client"
import { httpBatchLink } from "@trpc/client"
import { hydrateRoot } from "react-dom/client"
import superjson from "superjson"
import { createAppRouter } from "./router"
import "./styles.css"

const router = createAppRouter(
  httpBatchLink({ url: "/api/trpc", transformer: superjson, maxURLLength: 4000 }),
  window.location.origin,
)

hydrateRoot(document, <RouterClient router={router} />)
