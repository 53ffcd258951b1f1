import { createServer } from "node:http"
import type { AddressInfo } from "node:net"

/** "ok" answers `erro: "true"` for unknown CEPs, "ok-legacy" the older boolean `erro: true`. */
export type FakeViaCepBehaviour = "ok" | "ok-legacy" | "400" | "500" | "down"

export interface FakeViaCepAddress {
  readonly logradouro: string
  readonly complemento?: string
  readonly bairro: string
  readonly localidade: string
  readonly uf: string
  readonly estado: string
  readonly ibge: string
  readonly ddd: string
}

export const FAKE_VIACEP_ADDRESSES: Readonly<Record<string, FakeViaCepAddress>> = {
  "01310100": {
    logradouro: "Avenida Paulista",
    complemento: "de 612 a 1510 - lado par",
    bairro: "Bela Vista",
    localidade: "São Paulo",
    uf: "SP",
    estado: "São Paulo",
    ibge: "3550308",
    ddd: "11",
  },
  "01001000": {
    logradouro: "Praça da Sé",
    complemento: "lado ímpar",
    bairro: "Sé",
    localidade: "São Paulo",
    uf: "SP",
    estado: "São Paulo",
    ibge: "3550308",
    ddd: "11",
  },
  "20040020": {
    logradouro: "Avenida Rio Branco",
    bairro: "Centro",
    localidade: "Rio de Janeiro",
    uf: "RJ",
    estado: "Rio de Janeiro",
    ibge: "3304557",
    ddd: "21",
  },
}

export interface FakeViaCep {
  /** Point the adapter here, like "https://viacep.com.br/ws". */
  readonly baseUrl: string
  /** Paths requested so far, e.g. "/ws/01310100/json/". */
  readonly requests: readonly string[]
  /** "down" closes the server (connections are refused); any other value opens it again on the same port. */
  setBehaviour(behaviour: FakeViaCepBehaviour): Promise<void>
  close(): Promise<void>
}

/** A local stand-in for ViaCEP on 127.0.0.1, knowing a few CEPs. */
export async function startFakeViaCep(
  addresses: Readonly<Record<string, FakeViaCepAddress>> = FAKE_VIACEP_ADDRESSES,
): Promise<FakeViaCep> {
  let behaviour: FakeViaCepBehaviour = "ok"
  const requests: string[] = []

  const server = createServer((req, res) => {
    const path = (req.url ?? "/").split("?")[0] ?? "/"
    requests.push(path)
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { "Content-Type": "application/json; charset=utf-8" })
      res.end(JSON.stringify(body))
    }
    if (behaviour === "500") return json(500, { message: "Internal Server Error" })
    const match = /^\/ws\/([^/]*)\/json\/?$/.exec(path)
    if (!match) return json(404, { message: "Not Found" })
    const cep = match[1] ?? ""
    // The real service answers an HTML "Bad Request" page to a malformed CEP.
    if (behaviour === "400" || !/^\d{8}$/.test(cep)) {
      res.writeHead(400, { "Content-Type": "text/html" })
      return res.end("<h1>Http 400</h1>")
    }
    const address = addresses[cep]
    if (!address) return json(200, { erro: behaviour === "ok-legacy" ? true : "true" })
    return json(200, {
      cep: `${cep.slice(0, 5)}-${cep.slice(5)}`,
      complemento: "",
      unidade: "",
      gia: "",
      siafi: "",
      ...address,
    })
  })

  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once("error", reject)
      server.listen(port, "127.0.0.1", () => {
        server.off("error", reject)
        resolve()
      })
    })
  const stop = () =>
    new Promise<void>((resolve) => {
      if (!server.listening) return resolve()
      server.closeAllConnections()
      server.close(() => resolve())
    })

  await listen(0)
  const { port } = server.address() as AddressInfo

  return {
    baseUrl: `http://127.0.0.1:${port}/ws`,
    requests,
    async setBehaviour(next) {
      behaviour = next
      if (next === "down") await stop()
      else if (!server.listening) await listen(port)
    },
    close: stop,
  }
}
