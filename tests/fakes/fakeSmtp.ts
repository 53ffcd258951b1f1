import type { AddressInfo } from "node:net"
import { SMTPServer, type SMTPServerOptions } from "smtp-server"

export interface ReceivedMail {
  readonly from: string
  readonly to: string[]
  readonly raw: string
}

/**
 * A local SMTP server that keeps what it accepts. With `refuseFirst`, it answers "451 try again later" to
 * that many messages before accepting, like a relay having a bad minute.
 */
export async function startSmtp(options: SMTPServerOptions & { refuseFirst?: number } = {}) {
  const { refuseFirst = 0, ...serverOptions } = options
  const received: ReceivedMail[] = []
  let refused = 0
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on("data", (chunk: Buffer) => chunks.push(chunk))
      stream.on("end", () => {
        if (refused < refuseFirst) {
          refused++
          return callback(
            Object.assign(new Error("Serviço temporariamente indisponível"), { responseCode: 451 }),
          )
        }
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        })
        callback()
      })
    },
    ...serverOptions,
  })
  const port = await new Promise<number>((resolve) => {
    const listener = server.listen(0, "127.0.0.1", () => resolve((listener.address() as AddressInfo).port))
  })
  return {
    received,
    port,
    refused: () => refused,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
