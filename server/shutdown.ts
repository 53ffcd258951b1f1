import type { IncomingMessage, Server, ServerResponse } from "node:http"
import { Server as NetServer, type Socket } from "node:net"
import type { Logger } from "./logger"
import type { AppRuntime } from "./runtime"

type Listener = (req: IncomingMessage, res: ServerResponse) => void

/**
 * A connection that has carried no request for this long after it was accepted is taken for idle when the
 * server drains. Shorter, and a request already sent on it but not yet read by a busy event loop would be cut.
 */
const FRESH_CONNECTION_MS = 1_000

interface Connection {
  /** Responses begun and not yet closed. */
  busy: number
  /** Whether it has carried a request: between requests, a kept-alive connection has nothing in flight. */
  served: boolean
  readonly acceptedAt: number
}

/**
 * The requests a server is answering, and its connections, so a stop waits for them. Once draining, every
 * response asks its client to close the connection, so no new request arrives on a kept-alive one.
 */
export function requestsInFlight() {
  const open = new Set<ServerResponse>()
  const connections = new Map<Socket, Connection>()
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
    /** Follows the server's connections from their acceptance (before any request on them is read). */
    watch(server: NetServer) {
      server.on("connection", (socket: Socket) => {
        connections.set(socket, { busy: 0, served: false, acceptedAt: Date.now() })
        socket.once("close", () => connections.delete(socket))
      })
    },
    track:
      (listener: Listener): Listener =>
      (req, res) => {
        open.add(res)
        const connection = connections.get(req.socket)
        if (connection) {
          connection.busy++
          connection.served = true
        }
        if (draining) closeAfter(res)
        res.once("close", () => {
          open.delete(res)
          if (connection) connection.busy--
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
    /**
     * Closes the connections with nothing to answer: kept-alive ones between requests, and those accepted a
     * while ago that never sent one. A connection accepted a moment ago keeps its chance: its request may
     * already be on the wire, and it is answered (then closed) rather than cut.
     */
    closeIdle(now = Date.now()) {
      for (const [socket, c] of connections)
        if (c.busy === 0 && (c.served || now - c.acceptedAt >= FRESH_CONNECTION_MS)) socket.destroy()
    },
  }
}

/**
 * Stops accepting connections and resolves once every accepted one has ended. Not `http.Server.close()`: since
 * Node 19 it also drops every connection without a request in progress, a connection accepted a moment ago
 * whose request is not read yet included, which its client would see as a reset. Idle connections are closed by
 * `requests.closeIdle`, which spares those.
 */
export function stopAccepting(server: Server): Promise<void> {
  return new Promise((resolve) => NetServer.prototype.close.call(server, () => resolve()))
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
  const connectionsEnded = stopAccepting(server)
  // Kept-alive connections between requests would hold the server open; the busy ones close after their
  // response (requests.track), and one that turns idle before it is closed here on the next pass.
  requests.closeIdle()
  const idleSweep = setInterval(() => requests.closeIdle(), 100)
  logger.info(
    { signal, inFlight, graceSeconds },
    "encerrando: prontidão em 503, novas conexões recusadas, terminando as requisições em andamento",
  )
  const graceMs = graceSeconds * 1000
  const [requestsFinished, workersFinished] = await Promise.all([
    within(
      graceMs,
      Promise.all([requestsDone, connectionsEnded]).then(() => undefined),
    ),
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
