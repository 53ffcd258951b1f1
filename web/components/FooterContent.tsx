import { Link } from "@tanstack/react-router"
import { Clock, Mail, MessageCircle } from "lucide-react"
import { toSaoPauloCivil } from "../../domain/calendar"
import { formatWhatsapp, useStoreSettings, whatsappLink } from "../lib/settings"
import { storeNow } from "../lib/storeClock"
import { COMMUNITY } from "./CommunityMenu"
import { Logo } from "./Logo"
import { NewsletterForm } from "./NewsletterForm"

/** The footer as the server renders it; in the browser it loads after the page (./Footer). */
export function FooterContent() {
  const { supportEmail, supportHours, whatsappNumber } = useStoreSettings()
  return (
    <footer className="mt-20 border-t border-theme surface-2">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <Logo />
          <p className="mt-3 text-sm text-muted">
            Figuras colecionáveis premium, produzidas sob encomenda. Um novo personagem revelado todo dia 15.
          </p>
        </div>
        <nav aria-label="Loja">
          <h2 className="text-sm font-semibold">Loja</h2>
          <ul className="mt-3 space-y-2 text-sm text-muted">
            <li>
              <Link to="/colecoes" className="hover:underline">
                Coleções
              </Link>
            </li>
            <li>
              <Link to="/planos" className="hover:underline">
                Planos e assinaturas
              </Link>
            </li>
            <li>
              <Link to="/como-funciona" className="hover:underline">
                Como funciona
              </Link>
            </li>
            <li>
              <Link to="/faq" className="hover:underline">
                Perguntas frequentes
              </Link>
            </li>
          </ul>
        </nav>
        <nav aria-label="Comunidade">
          <h2 className="text-sm font-semibold">Comunidade</h2>
          <ul className="mt-3 space-y-2 text-sm text-muted">
            {COMMUNITY.map((item) => (
              <li key={item.to}>
                <Link to={item.to} className="hover:underline">
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className="text-sm font-semibold">Atendimento</h2>
          <ul className="mt-3 space-y-2 text-sm text-muted">
            <li className="flex items-center gap-2">
              <Mail aria-hidden className="h-4 w-4" />
              <a href={`mailto:${supportEmail}`} className="hover:underline">
                {supportEmail}
              </a>
            </li>
            <li className="flex items-center gap-2">
              <MessageCircle aria-hidden className="h-4 w-4" />
              <a
                href={whatsappLink(whatsappNumber)}
                className="hover:underline"
                rel="noopener noreferrer"
                target="_blank"
              >
                WhatsApp {formatWhatsapp(whatsappNumber)}
              </a>
            </li>
            <li className="flex items-center gap-2">
              <Clock aria-hidden className="h-4 w-4" />
              {supportHours}
            </li>
            <li>
              <Link to="/rastrear" className="hover:underline">
                Rastrear pedido
              </Link>
            </li>
            <li>
              <Link to="/support" className="hover:underline">
                Central de ajuda
              </Link>
            </li>
          </ul>
        </div>
        {/* A row of its own: squeezed into a fifth column its e-mail field had no room for an address. */}
        <div className="sm:col-span-2 lg:col-span-4 lg:flex lg:items-end lg:justify-between lg:gap-10">
          <div>
            <h2 className="text-sm font-semibold">Novidades no seu e-mail</h2>
            <p className="mt-3 text-sm text-muted">
              Seja avisado das revelações do dia 15 e das novas coleções.
            </p>
          </div>
          <div className="w-full max-w-md">
            <NewsletterForm />
          </div>
        </div>
      </div>
      <div className="border-t border-theme">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-3 px-4 py-5 text-xs text-muted">
          <p>© {toSaoPauloCivil(storeNow()).year} Legendarium Colecionáveis. Todos os direitos reservados.</p>
          <ul className="flex gap-4">
            <li>
              <Link to="/privacy" className="hover:underline">
                Privacidade
              </Link>
            </li>
            <li>
              <Link to="/terms" className="hover:underline">
                Termos de uso
              </Link>
            </li>
            <li>
              <Link to="/faq" hash="contato" className="hover:underline">
                Suporte
              </Link>
            </li>
          </ul>
        </div>
      </div>
    </footer>
  )
}
