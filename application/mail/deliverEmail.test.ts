import { Effect, Layer } from "effect"
import { describe, expect, it } from "vitest"
import { inMemoryNotificationCenter, noTopicServices } from "../../tests/fakes/inMemoryNotificationCenter"
import { Clock } from "../ports/Clock"
import { type EmailMessage, Mailer } from "../ports/Mailer"
import type { NotificationCenter } from "../ports/NotificationCenter"
import { SentEmails } from "../ports/SentEmails"
import { StoreSite } from "../ports/StoreSite"
import { UnsubscribeTokens } from "../ports/UnsubscribeTokens"
import { deliverEmail } from "./deliverEmail"
import { compose } from "./templates"

const store = {
  name: "Legendarium",
  publicUrl: "https://loja.example",
  supportEmail: "ajuda@legendarium.com.br",
  supportHours: "Seg a sex",
}
const content = compose(
  {
    subject: "Pedido enviado",
    preheader: "A caminho",
    heading: "Seu pedido foi enviado",
    paragraphs: ["Olá!"],
    reason: "Você fez um pedido.",
  },
  store,
)

function world(topicServices: Layer.Layer<never, never, never> | null = null) {
  const sent: EmailMessage[] = []
  const logged: string[] = []
  const center = inMemoryNotificationCenter()
  const layer = Layer.mergeAll(
    topicServices ?? center.layer,
    Layer.succeed(Clock, Clock.of({ now: () => Effect.succeed(0) })),
    Layer.succeed(StoreSite, StoreSite.of({ name: "Legendarium", publicUrl: "https://loja.example" })),
    Layer.succeed(
      Mailer,
      Mailer.of({
        send: (m) =>
          Effect.sync(() => {
            sent.push(m)
            return { messageId: `m${sent.length}` }
          }),
      }),
    ),
    Layer.succeed(
      SentEmails,
      SentEmails.of({
        begin: (a) =>
          Effect.sync(() => {
            logged.push(a.template)
            return { kind: "start", id: a.template } as const
          }),
        sent: () => Effect.void,
        failed: () => Effect.void,
      }),
    ),
  ) as Layer.Layer<Clock | Mailer | SentEmails | StoreSite | UnsubscribeTokens | NotificationCenter>
  const deliver = (topic?: { userId: string; type: "shipment_update" | "billing" }) =>
    Effect.runPromise(
      deliverEmail({
        eventId: "e1",
        template: "order-shipped",
        to: "ana@example.com",
        content,
        ...(topic ? { topic } : {}),
      }).pipe(Effect.provide(layer)),
    )
  return { sent, logged, center, deliver, layer }
}

describe("deliverEmail with a topic", () => {
  it("sends a transactional message as it is: no preference read, no footer, no headers", async () => {
    const w = world(noTopicServices)
    expect(await w.deliver()).toBe("sent")
    expect(w.sent[0]?.headers).toBeUndefined()
    expect(w.sent[0]?.text).not.toContain("Descadastrar")
    expect(w.sent[0]?.html).not.toContain("Descadastrar")
  })

  it("adds the type's one-click unsubscribe to the footer and the headers when e-mail is on", async () => {
    const w = world()
    expect(await w.deliver({ userId: "u-ana", type: "shipment_update" })).toBe("sent")
    const message = w.sent[0]
    const link = message?.headers?.["List-Unsubscribe"]?.slice(1, -1) ?? ""
    expect(link).toMatch(/^https:\/\/loja\.example\/api\/unsubscribe\?token=shipment_update\./)
    expect(message?.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click")
    expect(message?.text).toContain(
      `Não quer mais receber e-mails de Produção e entrega dos pedidos? Descadastrar:\n${link}`,
    )
    expect(message?.html).toContain(`href="${link.replaceAll("&", "&amp;")}"`)
    expect(message?.html).toContain("Descadastrar</a>")
    const token = decodeURIComponent(link.split("token=")[1] ?? "")
    const verified = await Effect.runPromise(
      UnsubscribeTokens.use((t) => Effect.succeed(t.verify(token))).pipe(Effect.provide(w.layer)),
    )
    expect(verified).toEqual({ userId: "u-ana", type: "shipment_update" })
  })

  it("sends nothing and logs nothing when the customer turned e-mail off for the type; other types still go", async () => {
    const w = world()
    w.center.choose("u-ana", "shipment_update", "email", false)
    expect(await w.deliver({ userId: "u-ana", type: "shipment_update" })).toBe("opted-out")
    expect(w.sent).toEqual([])
    expect(w.logged).toEqual([])
    expect(await w.deliver({ userId: "u-ana", type: "billing" })).toBe("sent")
    // In-app off does not stop the e-mail.
    w.center.choose("u-bia", "shipment_update", "inApp", false)
    expect(await w.deliver({ userId: "u-bia", type: "shipment_update" })).toBe("sent")
    expect(w.sent).toHaveLength(2)
  })
})
