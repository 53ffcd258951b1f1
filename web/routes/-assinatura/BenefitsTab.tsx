import { CheckCircle2 } from "lucide-react"
import { PHASE_LABELS } from "../../../domain/catalog/reveal"

const BENEFITS = [
  "Um personagem exclusivo da coleção por mês",
  "Frete grátis em todos os envios da assinatura",
  "Acesso às edições anteriores da coleção",
  "Certificado de autenticidade em cada figura",
  "Suporte prioritário",
  "Pause ou cancele quando quiser, sem multa",
] as const

const PHASES = [
  {
    label: PHASE_LABELS.early_preview,
    when: "a partir do dia 1",
    text: "As primeiras pistas e a silhueta do personagem do mês.",
  },
  {
    label: PHASE_LABELS.preview,
    when: "a partir do dia 8",
    text: "Novas pistas e detalhes da figura, ainda sem o nome.",
  },
  {
    label: PHASE_LABELS.final,
    when: "dia 15, ao meio-dia",
    text: "A revelação completa; a produção do seu exemplar começa.",
  },
] as const

export function BenefitsTab() {
  return (
    <div className="grid gap-6 md:grid-cols-2">
      <section aria-labelledby="benefits-title" className="rounded-2xl surface p-5">
        <h2 id="benefits-title" className="font-semibold">
          Seus benefícios
        </h2>
        <ul className="mt-3 space-y-2 text-sm">
          {BENEFITS.map((b) => (
            <li key={b} className="flex gap-2">
              <CheckCircle2 aria-hidden className="mt-0.5 h-4 w-4 shrink-0 text-emerald-600" /> {b}
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="phases-title" className="rounded-2xl surface p-5">
        <h2 id="phases-title" className="font-semibold">
          Como funcionam as revelações
        </h2>
        <dl className="mt-3 space-y-3 text-sm">
          {PHASES.map((p) => (
            <div key={p.label}>
              <dt className="font-semibold">
                {p.label} <span className="font-normal text-muted">· {p.when}</span>
              </dt>
              <dd className="text-muted">{p.text}</dd>
            </div>
          ))}
        </dl>
      </section>
    </div>
  )
}
