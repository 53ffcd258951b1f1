import type { IncomingMessage, Server, ServerResponse } from "node:http"
import type { Logger } from "./logger"
import type { AppRuntime } from "./runtime"

type Listener = (req: IncomingMessage, res: ServerResponse) => void

/**
 * The requests a server is answering, so a stop waits for them. Once draining, every response asks its client
 * to close the connection, so no new request arrives on a kept-alive one.
 */
export function requestsInFlight() {
  const open = new Set<ServerResponse>()
  let draining = false
  const settled = new Set<() => void>()
  const closeAfter = (res: ServerResponse) => {
    if (!res.headersSent) res.shouldKeepAlive = false
  }
  return {
    get count() {
      return open.size
    },
    get draining() {
      return draining
    },
    track:
      (listener: Listener): Listener =>
      (req, res) => {
        open.add(res)
        if (draining) closeAfter(res)
        res.once("close", () => {
          open.delete(res)
          if (open.size === 0) for (const done of settled) done()
        })
        listener(req, res)
      },
    /** Starts draining; resolves when no request is left. */
    drain(): Promise<void> {
      draining = true
      for (const res of open) closeAfter(res)
      if (open.size === 0) return Promise.resolve()
      return new Promise((resolve) => settled.add(resolve))
    },
  }
}

export type RequestsInFlight = ReturnType<typeof requestsInFlight>

const within = (ms: number, work: Promise<void>) =>
  new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(false), ms)
    void work.then(() => {
      clearTimeout(timer)
      resolve(true)
    })
  })

/**
 * Stops a server without dropping what it is doing: readiness answers 503 at once (`requests.draining`), the
 * listening socket closes so new connections go to the other instances, the requests in flight and the
 * dispatcher's event in hand finish within the grace period, and only then do the runtime and its database
 * pool close (a request never runs on a closed runtime). Answers the exit code: 0 when nothing had to be cut.
 */
export async function shutDown(options: {
  readonly server: Server
  readonly runtime: AppRuntime
  readonly requests: RequestsInFlight
  readonly logger: Logger
  readonly graceSeconds: number
  readonly signal: string
}): Promise<number> {
  const { server, runtime, requests, logger, graceSeconds, signal } = options
  const inFlight = requests.count
  const requestsDone = requests.drain()
  server.close()
  // Kept-alive connections between requests would hold the server open; the busy ones close after their
  // response (requests.track), and one that turns idle before it is closed here on the next pass.
  server.closeIdleConnections()
  const idleSweep = setInterval(() => server.closeIdleConnections(), 100)
  logger.info(
    { signal, inFlight, graceSeconds },
    "encerrando: prontidão em 503, novas conexões recusadas, terminando as requisições em andamento",
  )
  const graceMs = graceSeconds * 1000
  const [requestsFinished, workersFinished] = await Promise.all([
    within(graceMs, requestsDone),
    within(graceMs, runtime.workers.stop()),
  ])
  clearInterval(idleSweep)
  if (requestsFinished) logger.info("requests in flight finished")
  else {
    logger.warn({ left: requests.count }, "prazo de encerramento esgotado: requisições em andamento cortadas")
    server.closeAllConnections()
  }
  if (workersFinished) logger.info("event dispatcher and scheduler stopped")
  else logger.warn("prazo de encerramento esgotado: o tratamento de eventos em andamento será interrompido")
  // Interrupts what is left (a handler past the grace gives its events back), then closes the pool.
  await runtime.dispose()
  logger.info("runtime and database closed")
  return requestsFinished && workersFinished ? 0 : 1
}
