import { createServer, type Server } from "node:http"
import { type AddressInfo, connect, type Socket } from "node:net"
import { afterEach, describe, expect, it } from "vitest"
import { createLogger } from "./logger"
import type { AppRuntime } from "./runtime"
import { requestsInFlight, shutDown, stopAccepting } from "./shutdown"

/** A bare HTTP server tracked as the store's is (boot.ts), answering every request with "ok". */
async function trackedServer(onAnswer: () => void = () => {}) {
  const requests = requestsInFlight()
  const server = createServer(
    requests.track((_req, res) => {
      res.end("ok")
      onAnswer()
    }),
  )
  requests.watch(server)
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  return { server, requests, port: (server.address() as AddressInfo).port }
}

/** A raw connection, resolved once the server has accepted it (and before it has read anything on it). */
async function acceptedConnection(server: Server, port: number): Promise<Socket> {
  const accepted = new Promise<void>((resolve) => server.once("connection", () => resolve()))
  const socket = connect(port, "127.0.0.1")
  await accepted
  return socket
}

/** Everything the server sends on the connection until it closes it. */
const readUntilClosed = (socket: Socket) =>
  new Promise<string>((resolve) => {
    let text = ""
    socket.on("data", (chunk: Buffer) => {
      text += chunk.toString()
    })
    socket.on("close", () => resolve(text))
    socket.on("error", () => undefined)
  })

const REQUEST = "GET / HTTP/1.1\r\nHost: loja\r\n\r\n"

const servers: Server[] = []
afterEach(() => {
  for (const server of servers.splice(0)) server.closeAllConnections()
})

describe("a draining server", () => {
  it("stops only after answering a request sent on a connection it accepted just before the stop", async () => {
    let answered = false
    const { server, requests, port } = await trackedServer(() => {
      answered = true
    })
    servers.push(server)
    const socket = await acceptedConnection(server, port)
    const answer = readUntilClosed(socket)
    // What the stop closes after the requests: here, nothing to wait for.
    const runtime = { workers: { stop: async () => {} }, dispose: async () => {} } as unknown as AppRuntime
    const stopped = shutDown({
      server,
      runtime,
      requests,
      logger: createLogger("silent"),
      graceSeconds: 5,
      signal: "SIGTERM",
    }).then((code) => ({ code, answeredFirst: answered }))
    // The request arrives after the stop began, as one already on the wire reaches a busy event loop.
    await new Promise((resolve) => setTimeout(resolve, 50))
    socket.write(REQUEST)

    const [text, { code, answeredFirst }] = await Promise.all([answer, stopped])
    expect(text).toMatch(/^HTTP\/1\.1 200 OK/)
    expect(text.toLowerCase()).toContain("connection: close")
    expect(text.endsWith("ok")).toBe(true)
    // The process exits when the stop resolves: before the answer, the request would have been lost.
    expect(answeredFirst).toBe(true)
    expect(code).toBe(0)
  })

  it("closes a kept-alive connection between requests, and one that sent nothing for a second", async () => {
    const { server, requests, port } = await trackedServer()
    servers.push(server)
    const keptAlive = await acceptedConnection(server, port)
    const first = new Promise<string>((resolve) =>
      keptAlive.once("data", (chunk: Buffer) => resolve(chunk.toString())),
    )
    keptAlive.write(REQUEST)
    expect(await first).toMatch(/^HTTP\/1\.1 200 OK/)
    const silent = await acceptedConnection(server, port)
    const closed = (socket: Socket) => new Promise<void>((resolve) => socket.once("close", () => resolve()))
    const [keptAliveClosed, silentClosed] = [closed(keptAlive), closed(silent)]
    silent.on("error", () => undefined)
    keptAlive.on("error", () => undefined)

    void requests.drain()
    const ended = stopAccepting(server)
    requests.closeIdle()
    await keptAliveClosed
    // Accepted a moment ago, the silent one is spared at first, then taken for idle.
    requests.closeIdle(Date.now() + 1_000)
    await silentClosed
    await ended
  })

  it("refuses new connections once it stopped accepting", async () => {
    const { server, requests, port } = await trackedServer()
    servers.push(server)
    void requests.drain()
    await stopAccepting(server)
    const refused = await new Promise<string>((resolve) => {
      const socket = connect(port, "127.0.0.1")
      socket.on("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? "error"))
      socket.on("connect", () => resolve("connected"))
    })
    expect(refused).toBe("ECONNREFUSED")
  })
})
