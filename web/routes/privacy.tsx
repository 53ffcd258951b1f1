import { createFileRoute, Link } from "@tanstack/react-router"
import { DELETION_OUTCOME_TEXT, RETAINED_RECORDS_TEXT } from "../../domain/accounts/accountDeletion"
import { LegalDocument, type LegalSection } from "../components/LegalDocument"
import { legalHead } from "../lib/seo"
import { useStoreSettings } from "../lib/settings"

const DESCRIPTION =
  "Saiba quais dados pessoais a Legendarium coleta, por que e como os trata, com quem compartilha e como exercer seus direitos previstos na LGPD."

/** The deletion rule as the account page lists it, every case but the closed ones (kept only as records). */
const DELETION_RULE_LINES = Object.entries(DELETION_OUTCOME_TEXT)
  .filter(([outcome]) => outcome !== "record_only")
  .map(([, text]) => text)

export const Route = createFileRoute("/privacy")({
  head: legalHead("Política de Privacidade", DESCRIPTION, "/privacy"),
  component: PrivacyPage,
})

function privacySections(email: string): readonly LegalSection[] {
  return [
    {
      id: "controlador",
      title: "1. Quem somos",
      blocks: [
        "Esta Política explica como a Legendarium Colecionáveis Ltda. (“Legendarium”, “nós”), controladora dos dados pessoais tratados nesta loja, coleta, usa, compartilha e protege os seus dados, em conformidade com a Lei Geral de Proteção de Dados Pessoais (LGPD – Lei nº 13.709/2018), o Marco Civil da Internet (Lei nº 12.965/2014) e o Código de Defesa do Consumidor.",
        `Para qualquer assunto relacionado a privacidade, fale conosco pelo e-mail ${email}.`,
      ],
    },
    {
      id: "dados-coletados",
      title: "2. Quais dados coletamos",
      blocks: [
        [
          "Dados de cadastro e de contato: nome, e-mail e telefone/WhatsApp.",
          "Dados de entrega: endereço completo e CEP.",
          "CPF, somente quando necessário para o pagamento escolhido ou para a emissão da nota fiscal.",
          "Dados do pedido e do pagamento: itens, valores, forma de pagamento, status e identificador da transação. Não recebemos nem armazenamos os dados do seu cartão.",
          "Comunicações: mensagens trocadas com o atendimento por WhatsApp, e-mail ou chamados de suporte.",
          "Dados de navegação: endereço IP, data e hora de acesso, tipo de navegador e dispositivo e páginas visitadas.",
          "Cookies e armazenamento local essenciais e de preferência de tema (claro ou escuro).",
        ],
        "Recebemos esses dados diretamente de você, quando você se cadastra, compra, assina a newsletter ou fala conosco, e automaticamente, quando você navega pelo site.",
      ],
    },
    {
      id: "finalidades",
      title: "3. Para que usamos seus dados e com qual base legal",
      blocks: [
        [
          "Processar pedidos e assinaturas, produzir, enviar e entregar as figuras e prestar atendimento: execução de contrato (art. 7º, V, da LGPD).",
          "Emitir notas fiscais, manter registros contábeis e fiscais e guardar registros de acesso: cumprimento de obrigação legal ou regulatória (art. 7º, II).",
          "Prevenir fraudes, garantir a segurança do site e melhorar nossos serviços: legítimo interesse (art. 7º, IX), sempre respeitando seus direitos e expectativas.",
          "Enviar a newsletter e comunicações de marketing: consentimento (art. 7º, I), que você pode revogar a qualquer momento pelo link de descadastro ou por e-mail.",
          "Defender nossos direitos em processos judiciais, administrativos ou arbitrais: exercício regular de direitos (art. 7º, VI).",
        ],
        "Se alguma decisão que afete seus interesses for tomada unicamente com base em tratamento automatizado, como a análise antifraude de pagamentos, você pode solicitar a sua revisão, nos termos do art. 20 da LGPD.",
      ],
    },
    {
      id: "cookies",
      title: "4. Cookies e armazenamento local",
      blocks: [
        "Usamos cookies e armazenamento local essenciais, que mantêm sua sessão e seu carrinho e protegem o site, e de preferência, que lembram o tema claro ou escuro escolhido. Atualmente não usamos cookies de publicidade de terceiros.",
        "Você pode apagar ou bloquear cookies nas configurações do navegador; ao bloquear os essenciais, algumas funções, como o carrinho, podem deixar de funcionar.",
      ],
    },
    {
      id: "compartilhamento",
      title: "5. Com quem compartilhamos seus dados",
      blocks: [
        "Não vendemos seus dados pessoais. Compartilhamos apenas o necessário com:",
        [
          "Mercado Pago, que processa os pagamentos. Os dados do cartão são digitados no ambiente do Mercado Pago e nunca passam pelos nossos servidores.",
          "Correios, Melhor Envio e transportadoras parceiras, que recebem nome, endereço e telefone para realizar a entrega.",
          "Prestadores de serviços de tecnologia, como hospedagem e envio de e-mails, que tratam os dados em nosso nome e sob nossas instruções.",
          "Autoridades públicas, quando exigido por lei, regulamento ou ordem judicial.",
        ],
      ],
    },
    {
      id: "transferencia-internacional",
      title: "6. Transferência internacional",
      blocks: [
        "Alguns prestadores de serviços de tecnologia podem armazenar ou processar dados fora do Brasil. Nesses casos, a transferência ocorre apenas nas hipóteses do art. 33 da LGPD, como mediante cláusulas contratuais padrão aprovadas pela ANPD, e com garantias de proteção equivalentes às exigidas pela lei brasileira.",
      ],
    },
    {
      id: "retencao",
      title: "7. Por quanto tempo guardamos os dados",
      blocks: [
        [
          "Dados de cadastro: enquanto sua conta estiver ativa ou enquanto forem necessários para as finalidades desta Política.",
          "Dados de pedidos, pagamentos e notas fiscais: pelo prazo exigido pela legislação fiscal e para a defesa em eventuais reclamações de consumo (em geral, 5 anos).",
          "Registros de acesso ao site: 6 meses, conforme exige o art. 15 do Marco Civil da Internet, ou por mais tempo se houver requisição de autoridade.",
          "Dados usados com base no consentimento, como a newsletter: até a revogação do consentimento.",
        ],
        "Encerrados esses prazos, os dados são eliminados ou anonimizados de forma segura.",
        `Se você excluir sua conta: ${RETAINED_RECORDS_TEXT}`,
      ],
    },
    {
      id: "direitos",
      title: "8. Seus direitos",
      blocks: [
        "Nos termos do art. 18 da LGPD, você pode solicitar a qualquer momento:",
        [
          "confirmação da existência de tratamento dos seus dados;",
          "acesso aos dados;",
          "correção de dados incompletos, inexatos ou desatualizados;",
          "anonimização, bloqueio ou eliminação de dados desnecessários, excessivos ou tratados em desconformidade com a lei;",
          "portabilidade dos dados a outro fornecedor;",
          "eliminação dos dados tratados com base no consentimento, ressalvadas as hipóteses legais de guarda;",
          "informação sobre as entidades com as quais compartilhamos seus dados;",
          "informação sobre a possibilidade de não fornecer consentimento e suas consequências;",
          "revogação do consentimento.",
        ],
        "Você também pode apresentar reclamação à Autoridade Nacional de Proteção de Dados (ANPD) e aos órgãos de defesa do consumidor.",
      ],
    },
    {
      id: "como-exercer",
      title: "9. Como exercer seus direitos",
      blocks: [
        `Envie sua solicitação para ${email}, com o assunto “Privacidade / LGPD”. Você também pode exportar seus dados e excluir sua conta em Minha conta → Privacidade.`,
        "Antes de pedir sua senha, a exclusão mostra o que acontece com cada pedido e assinatura em aberto:",
        DELETION_RULE_LINES,
        "Para proteger você, podemos pedir informações que confirmem sua identidade antes de atender ao pedido. Respondemos em até 15 dias, conforme o art. 19 da LGPD. Alguns dados podem ser mantidos mesmo após um pedido de eliminação, quando a lei exigir a sua guarda.",
      ],
    },
    {
      id: "seguranca",
      title: "10. Segurança",
      blocks: [
        "Adotamos medidas técnicas e administrativas para proteger seus dados contra acessos não autorizados e situações acidentais ou ilícitas, como conexão criptografada (HTTPS), controle de acesso restrito à equipe que precisa dos dados e processamento de pagamentos por empresa certificada no padrão PCI DSS.",
        "Nenhum sistema é totalmente imune a incidentes. Se ocorrer um incidente de segurança que possa causar risco ou dano relevante, comunicaremos você e a ANPD, conforme o art. 48 da LGPD.",
      ],
    },
    {
      id: "criancas",
      title: "11. Crianças e adolescentes",
      blocks: [
        "Nossos serviços não são direcionados a crianças. O cadastro e as compras devem ser feitos por maiores de 18 anos ou com a assistência dos pais ou responsáveis legais.",
        "Não coletamos intencionalmente dados de crianças sem o consentimento específico de um dos pais ou do responsável legal, conforme o art. 14 da LGPD. Se identificarmos dados coletados dessa forma, eles serão eliminados.",
      ],
    },
    {
      id: "alteracoes",
      title: "12. Alterações desta Política",
      blocks: [
        "Podemos atualizar esta Política para refletir mudanças na lei ou nos nossos serviços. A data da última atualização aparece no início da página e, em caso de mudanças relevantes, avisaremos você por e-mail ou por um aviso no site.",
      ],
    },
    {
      id: "encarregado",
      title: "13. Encarregado pelo tratamento de dados (DPO)",
      blocks: [
        `Nosso encarregado pelo tratamento de dados pessoais pode ser contatado pelo e-mail ${email}, com o assunto “Encarregado / LGPD”. Ele é o canal de comunicação entre você, a Legendarium e a ANPD.`,
      ],
    },
  ]
}

const LAST_UPDATED = "21 de novembro de 2026"

function PrivacyPage() {
  const { supportEmail } = useStoreSettings()
  return (
    <LegalDocument
      title="Política de Privacidade"
      lastUpdated={LAST_UPDATED}
      sections={privacySections(supportEmail)}
      email={supportEmail}
      footer={
        <>
          Veja também os{" "}
          <Link to="/terms" className="text-accent underline underline-offset-2">
            Termos de Uso
          </Link>{" "}
          e a nossa{" "}
          <Link to="/faq" hash="contato" className="text-accent underline underline-offset-2">
            Central de suporte
          </Link>
          .
        </>
      }
    />
  )
}
