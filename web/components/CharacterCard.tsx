import { Link } from "@tanstack/react-router"
import { HelpCircle, Lock } from "lucide-react"
import { isHeldRule, SOLD_OUT_REASON, SUBSCRIBERS_ONLY_REASON } from "../../domain/catalog/purchase"
import { type CharacterCard as Card, characterNumberLabel } from "../../domain/catalog/showcase"
import { truncate } from "../lib/format"
import { useViewerCard } from "../lib/subscriber"
import { AddToCartButton, HeldNote, SoldOutButton } from "./AddToCartButton"
import { RarityBadge, ToneBadge } from "./Badges"
import { CARD_STATE_FRAMES, CardStateBadge } from "./CardStateBadge"
import { Img } from "./Img"
import { IncludedNote } from "./IncludedNote"
import { PriceLines } from "./PriceLines"

interface Props {
  readonly card: Card
  readonly layout?: "grid" | "list"
  readonly priority?: boolean
  readonly showCollection?: boolean
}

/**
 * A character as a shopper sees it now: mystery before the reveal, buyable only in its own month, in its
 * display state (domain/catalog/cardState.ts), the signed-in viewer's own marks added in the browser.
 */
export function CharacterCard({ card: shown, layout = "grid", priority, showCollection }: Props) {
  const card = useViewerCard(shown)
  const list = layout === "list"
  return (
    <article
      className={`group relative overflow-hidden rounded-2xl surface transition hover:-translate-y-0.5 hover:shadow-lg ${
        list ? "flex gap-4 p-3" : "flex flex-col"
      } ${card.status === "released" ? "opacity-90" : ""} ${CARD_STATE_FRAMES[card.state]}`}
      data-testid="character-card"
      data-state={card.state}
    >
      <div className={`relative overflow-hidden ${list ? "w-24 shrink-0 rounded-xl sm:w-32" : ""}`}>
        <Img
          src={card.imageUrl}
          alt={card.revealed ? card.name : "Silhueta de personagem ainda não revelado"}
          width={600}
          height={800}
          priority={priority}
          sizes={
            list
              ? "128px"
              : "(min-width: 1536px) 16vw, (min-width: 1024px) 25vw, (min-width: 640px) 33vw, 50vw"
          }
          className={`aspect-[3/4] w-full object-cover ${card.status === "released" ? "grayscale-[35%]" : ""}`}
        />
        <div className="absolute left-2 top-2 flex flex-wrap gap-1">
          <ToneBadge tone={card.badge.tone}>{card.badge.label}</ToneBadge>
          {card.soldOut && <ToneBadge tone="urgent">{SOLD_OUT_REASON}</ToneBadge>}
          <CardStateBadge state={card.state} />
        </div>
      </div>
      <div className={`flex flex-1 flex-col gap-2 ${list ? "py-1" : "p-4"}`}>
        <div className="flex flex-wrap items-center gap-1.5">
          {card.rarity && <RarityBadge rarity={card.rarity} />}
          {card.phaseLabel && <span className="text-xs font-medium text-muted">Fase: {card.phaseLabel}</span>}
          <span className="text-xs text-muted">{characterNumberLabel(card.rank)}</span>
        </div>
        <h3 className="font-semibold leading-snug">
          <Link
            to="/character/$characterId"
            params={{ characterId: card.id }}
            className="after:absolute after:inset-0 focus-visible:outline-none"
          >
            {card.name}
          </Link>
        </h3>
        {showCollection && <p className="text-xs text-muted">{card.collection.name}</p>}
        {card.description ? (
          <p className="text-sm text-muted">
            {list ? truncate(card.description, 50) : truncate(card.description, 110)}
          </p>
        ) : card.hints.length > 0 ? (
          <ul className="space-y-1 text-sm text-muted">
            {card.hints.map((hint) => (
              <li key={hint} className="flex gap-1.5">
                <HelpCircle aria-hidden className="mt-0.5 h-3.5 w-3.5 shrink-0" />
                {hint}
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted">Revelação prevista para o dia 15.</p>
        )}
        <div className="mt-auto flex flex-wrap items-center justify-between gap-2 pt-2">
          {card.countdown && <ToneBadge tone={card.countdown.tone}>{card.countdown.label}</ToneBadge>}
          <PriceLines prices={card.prices} />
        </div>
        <PurchaseButton card={card} />
      </div>
    </article>
  )
}

function PurchaseButton({ card }: { card: Card }) {
  if (isHeldRule(card.purchase)) return <HeldNote className="relative z-10 w-full text-sm" />
  if (card.soldOut) return <SoldOutButton className="relative z-10 w-full text-sm" />
  if (card.purchase.mode === "subscription") {
    return (
      <div className="relative z-10 flex flex-col gap-1.5">
        <IncludedNote />
        <AddToCartButton productId={card.id} name={card.name} className="w-full" />
      </div>
    )
  }
  if (card.purchase.canBuy) {
    return <AddToCartButton productId={card.id} name={card.name} className="relative z-10 w-full" />
  }
  if (card.status === "released") {
    return (
      <Link
        to="/planos"
        search={{ colecao: card.collection.id }}
        // Half a phone's width is narrow for the spec's words: less padding and smaller type keep them to two lines.
        className="btn btn-ghost relative z-10 w-full gap-1.5 px-2 text-xs sm:text-sm"
      >
        <Lock aria-hidden className="h-4 w-4 shrink-0" /> <span>{SUBSCRIBERS_ONLY_REASON}</span>
      </Link>
    )
  }
  return (
    <button type="button" disabled className="btn btn-ghost relative z-10 w-full text-sm opacity-70">
      Em Breve
    </button>
  )
}
