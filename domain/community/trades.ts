/**
 * Trades between collectors (spec 001 §3–§5): one collector offers a piece they hold for another collector's
 * piece marked for trade. pending → accepted | rejected | cancelled; accepted → completed once both sides
 * confirmed, or cancelled. Only the recipient answers an offer; either side confirms or cancels while open.
 */
export type TradeStatus = "pending" | "accepted" | "rejected" | "completed" | "cancelled"

export interface Trade {
  readonly id: string
  readonly fromUserId: string
  readonly toUserId: string
  readonly fromPieceId: string
  readonly toPieceId: string
  readonly status: TradeStatus
  readonly message: string
  readonly fromConfirmedAt: number | null
  readonly toConfirmedAt: number | null
  readonly createdAt: number
  readonly respondedAt: number | null
  readonly completedAt: number | null
  readonly cancelledAt: number | null
  readonly cancellationReason: string | null
  /** When the order of one of its pieces ended and the exchange was undone (it stays 'completed'). */
  readonly unwoundAt: number | null
  readonly unwoundReason: string | null
}

export const TRADE_MESSAGE_MAX = 300
export const CANCELLATION_REASON_MAX = 200

export const TRADE_MESSAGES = {
  messageTooLong: "A mensagem deve ter menos de 300 caracteres",
  notFound: "Troca não encontrada",
  selfTrade: "Você não pode propor uma troca a si mesmo",
  notYourPiece: "Você só pode oferecer peças da sua coleção",
  pieceUnavailable: "Esta peça não está disponível para troca",
  sameCharacter: "Ofereça um personagem diferente do que você quer receber",
  alreadyOpen: "Já existe uma proposta em aberto para estas peças",
  recipientOnly: "Apenas quem recebeu a proposta pode respondê-la",
  notPending: "Esta proposta já foi respondida",
  notAccepted: "A troca precisa estar aceita para ser confirmada",
  alreadyConfirmed: "Você já confirmou esta troca",
  notOpen: "Esta troca já foi encerrada",
  reasonRequired: "Informe o motivo do cancelamento",
  reasonTooLong: "O motivo deve ter no máximo 200 caracteres",
  piecesChanged: "Uma das peças mudou de dono ou não está mais disponível; a troca não pode ser concluída",
  /** The collector offering would hold more of the character they ask for than its edition allows. */
  beyondMyShare: "Você já tem este personagem no limite por colecionador desta edição",
  /** The other side would, with the piece offered. */
  beyondTheirShare: "O outro colecionador já tem o personagem que você oferece no limite desta edição",
  /** An open offer whose piece left its collection because the piece's order ended. */
  pieceWithdrawn: "Uma das peças saiu da coleção: o pedido dela foi cancelado ou reembolsado",
  /** A completed trade undone for the same reason: each side has back the piece they gave. */
  unwound:
    "O pedido de uma das peças foi cancelado ou reembolsado: a troca foi desfeita e cada um ficou com a peça que tinha",
  /** The reason an open trade ends with when one side deletes their account. */
  accountDeleted: "A conta de uma das partes foi excluída",
} as const

export type TradeRole = "from" | "to"

/** Who the actor is in this trade; null for anyone else (who may not see it at all). */
export const roleIn = (trade: Trade, userId: string): TradeRole | null =>
  trade.fromUserId === userId ? "from" : trade.toUserId === userId ? "to" : null

export const otherSide = (trade: Trade, userId: string): string =>
  trade.fromUserId === userId ? trade.toUserId : trade.fromUserId

export type Decision =
  | { readonly ok: true; readonly trade: Trade }
  | { readonly ok: false; readonly reason: string }

const ok = (trade: Trade): Decision => ({ ok: true, trade })
const refuse = (reason: string): Decision => ({ ok: false, reason })

export const validateMessage = (message: string): string | null =>
  message.length > TRADE_MESSAGE_MAX ? TRADE_MESSAGES.messageTooLong : null

export function respond(trade: Trade, userId: string, answer: "accept" | "reject", now: number): Decision {
  if (roleIn(trade, userId) !== "to") return refuse(TRADE_MESSAGES.recipientOnly)
  if (trade.status !== "pending") return refuse(TRADE_MESSAGES.notPending)
  return ok({ ...trade, status: answer === "accept" ? "accepted" : "rejected", respondedAt: now })
}

/** One side confirms an accepted trade; the second confirmation completes it. */
export function confirm(trade: Trade, userId: string, now: number): Decision {
  const role = roleIn(trade, userId)
  if (role === null) return refuse(TRADE_MESSAGES.notFound)
  if (trade.status !== "accepted") return refuse(TRADE_MESSAGES.notAccepted)
  const mine = role === "from" ? trade.fromConfirmedAt : trade.toConfirmedAt
  if (mine !== null) return refuse(TRADE_MESSAGES.alreadyConfirmed)
  const next: Trade = role === "from" ? { ...trade, fromConfirmedAt: now } : { ...trade, toConfirmedAt: now }
  return next.fromConfirmedAt !== null && next.toConfirmedAt !== null
    ? ok({ ...next, status: "completed", completedAt: now })
    : ok(next)
}

export function cancel(trade: Trade, userId: string, reason: string, now: number): Decision {
  if (roleIn(trade, userId) === null) return refuse(TRADE_MESSAGES.notFound)
  if (trade.status !== "pending" && trade.status !== "accepted") return refuse(TRADE_MESSAGES.notOpen)
  const trimmed = reason.trim()
  if (trimmed === "") return refuse(TRADE_MESSAGES.reasonRequired)
  if (trimmed.length > CANCELLATION_REASON_MAX) return refuse(TRADE_MESSAGES.reasonTooLong)
  return ok({ ...trade, status: "cancelled", cancelledAt: now, cancellationReason: trimmed })
}

export const isOpen = (trade: Pick<Trade, "status">): boolean =>
  trade.status === "pending" || trade.status === "accepted"

export const TRADE_STATUS_LABELS: Readonly<Record<TradeStatus, string>> = {
  pending: "Pendente",
  accepted: "Aceita",
  rejected: "Recusada",
  completed: "Concluída",
  cancelled: "Cancelada",
}

/** A completed trade's label once undone by an ended order. */
export const UNWOUND_LABEL = "Desfeita"

/**
 * What the other side reads when an open trade ends because its collector deleted their account: only the
 * public name the trade already showed, and no pronoun (nothing is known of the person beyond that name).
 */
export const accountDeletedNotice = (status: TradeStatus, name: string) =>
  `${status === "pending" ? "A proposta de troca" : "A troca"} com ${name} foi encerrada porque a conta dessa pessoa foi excluída.`
