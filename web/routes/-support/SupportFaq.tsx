import { ChevronDown } from "lucide-react"
import { LEAD_TIME_TEXT } from "../../../domain/shipping/schedule"

/** The support page's questions, answered by the store's rules (spec 002 §1). */
const QUESTIONS: readonly { readonly question: string; readonly answer: string }[] = [
  {
    question: "Quanto tempo leva a produção?",
    answer: `Cada figura é produzida sob encomenda depois da confirmação do pagamento: ${LEAD_TIME_TEXT}.`,
  },
  {
    question: "Em que dia meu pedido é enviado?",
    answer:
      "Pedidos pagos até o dia 14 são enviados no dia 30 do mesmo mês (ou no último dia, em meses mais curtos). Pedidos pagos a partir do dia 15 são enviados no dia 15 do mês seguinte.",
  },
  {
    question: "Minha figura chegou danificada. O que faço?",
    answer:
      "Avise-nos em até 7 dias após a entrega, abrindo um chamado com fotos da embalagem e do produto. Assim agilizamos a troca.",
  },
  {
    question: "Meu pedido não chegou. E agora?",
    answer:
      "Se o pedido não chegar em até 15 dias úteis após o envio, abra um chamado: verificamos com a transportadora e, confirmado o extravio, enviamos uma nova unidade ou devolvemos o valor.",
  },
  {
    question: "Como funcionam as assinaturas?",
    answer:
      "Assinantes recebem um personagem por mês (ou dois a cada dois meses no plano bimestral), com frete grátis e acesso aos personagens já lançados pelo preço normal. Dá para pausar ou cancelar a qualquer momento em Minha conta.",
  },
  {
    question: "Quais formas de pagamento vocês aceitam?",
    answer:
      "Cartão de crédito em até 12x, PIX (aprovação na hora) e boleto bancário, processados pelo Mercado Pago.",
  },
  {
    question: "Em quanto tempo respondem um chamado?",
    answer:
      "Respondemos em até 24 horas, por e-mail e na aba Suporte de Minha conta, onde você também pode continuar a conversa.",
  },
]

export function SupportFaq() {
  return (
    <section aria-labelledby="perguntas" className="mt-12">
      <h2 id="perguntas" className="text-xl font-bold sm:text-2xl">
        Perguntas frequentes
      </h2>
      <div className="mt-4 space-y-3">
        {QUESTIONS.map((item) => (
          <details key={item.question} className="group surface rounded-xl">
            <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-xl px-5 py-4 font-semibold [&::-webkit-details-marker]:hidden">
              {item.question}
              <ChevronDown
                aria-hidden
                className="h-5 w-5 shrink-0 text-muted transition-transform duration-200 group-open:rotate-180"
              />
            </summary>
            <p className="px-5 pb-5 leading-relaxed text-muted">{item.answer}</p>
          </details>
        ))}
      </div>
      <p className="mt-4 text-sm">
        <a href="/faq" className="text-accent underline-offset-4 hover:underline">
          Ver todas as perguntas frequentes
        </a>
      </p>
    </section>
  )
}
