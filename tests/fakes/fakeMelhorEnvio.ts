import { createServer, type IncomingHttpHeaders } from "node:http"
import type { AddressInfo } from "node:net"

export type FakeMelhorEnvioBehaviour = "ok" | "500" | "timeout" | "malformed" | "404"

export interface RecordedRequest {
  readonly method: string
  readonly path: string
  readonly headers: IncomingHttpHeaders
  readonly body: unknown
}

export interface FakeMelhorEnvio {
  /** Point the adapter here, like "https://melhorenvio.com.br/api/v2". */
  readonly baseUrl: string
  behaviour: FakeMelhorEnvioBehaviour
  /** The last request that reached the server (on any path), its JSON body parsed when possible. */
  readonly lastRequest: RecordedRequest | null
  close(): Promise<void>
}

const CALCULATE_PATH = "/api/v2/me/shipment/calculate"

/** Shaped after a real sandbox answer: strings for money, one service that cannot serve the route. */
export const FAKE_MELHOR_ENVIO_SERVICES = [
  {
    id: 1,
    name: "PAC",
    price: "25.65",
    custom_price: "24.10",
    discount: "1.55",
    currency: "R$",
    delivery_time: 6,
    delivery_range: { min: 5, max: 6 },
    custom_delivery_time: 7,
    custom_delivery_range: { min: 6, max: 7 },
    packages: [
      {
        price: "25.65",
        discount: "1.55",
        format: "box",
        dimensions: { height: 10, width: 15, length: 20 },
        weight: "1.00",
        insurance_value: "299.90",
      },
    ],
    additional_services: { receipt: false, own_hand: false, collect: false },
    company: {
      id: 1,
      name: "Correios",
      picture: "https://www.melhorenvio.com.br/images/shipping-companies/correios.png",
    },
  },
  {
    id: 2,
    name: "SEDEX",
    price: "42.30",
    custom_price: "42.30",
    discount: "0.00",
    currency: "R$",
    delivery_time: 2,
    delivery_range: { min: 1, max: 2 },
    custom_delivery_time: 2,
    custom_delivery_range: { min: 1, max: 2 },
    company: {
      id: 1,
      name: "Correios",
      picture: "https://www.melhorenvio.com.br/images/shipping-companies/correios.png",
    },
  },
  {
    id: 3,
    name: ".Package",
    price: "19.99",
    currency: "R$",
    delivery_time: 5,
    delivery_range: { min: 4, max: 5 },
    company: {
      id: 2,
      name: "Jadlog",
      picture: "https://www.melhorenvio.com.br/images/shipping-companies/jadlog.png",
    },
  },
  {
    id: 17,
    name: "Mini Envios",
    error: "Dimensões do objeto ultrapassam o limite da transportadora.",
    company: {
      id: 1,
      name: "Correios",
      picture: "https://www.melhorenvio.com.br/images/shipping-companies/correios.png",
    },
  },
]

/** A local stand-in for Melhor Envio's quote endpoint, on 127.0.0.1 and a free port. */
export async function startFakeMelhorEnvio(
  behaviour: FakeMelhorEnvioBehaviour = "ok",
): Promise<FakeMelhorEnvio> {
  let last: RecordedRequest | null = null
  const state = { behaviour }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on("data", (chunk: Buffer) => chunks.push(chunk))
    req.on("end", () => {
      const text = Buffer.concat(chunks).toString("utf8")
      let body: unknown = text
      try {
        body = text ? JSON.parse(text) : null
      } catch {}
      const path = (req.url ?? "/").split("?")[0] ?? "/"
      last = { method: req.method ?? "", path, headers: req.headers, body }

      const json = (status: number, payload: unknown) => {
        res.writeHead(status, { "Content-Type": "application/json" })
        res.end(JSON.stringify(payload))
      }
      if (state.behaviour === "404" || path !== CALCULATE_PATH || req.method !== "POST")
        return json(404, { message: "Not Found" })
      if (!req.headers.authorization?.startsWith("Bearer ")) return json(401, { message: "Unauthenticated." })
      switch (state.behaviour) {
        case "ok":
          return json(200, FAKE_MELHOR_ENVIO_SERVICES)
        case "500":
          return json(500, { message: "Server Error" })
        case "malformed":
          res.writeHead(200, { "Content-Type": "application/json" })
          return res.end('[{"id":1,"name":"PAC","price":"25.')
        case "timeout":
          return // never answers; close() drops the connection
      }
    })
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const { port } = server.address() as AddressInfo

  return {
    baseUrl: `http://127.0.0.1:${port}/api/v2`,
    get behaviour() {
      return state.behaviour
    },
    set behaviour(value) {
      state.behaviour = value
    },
    get lastRequest() {
      return last
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
