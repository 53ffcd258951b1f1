import { initialsOf } from "../../../domain/community/profile"

/** A collector's picture, or their initials on the accent colour when they have none. */
export function CollectorAvatar({
  name,
  src,
  size = 40,
}: {
  name: string
  src: string | null
  size?: number
}) {
  const style = { width: size, height: size }
  if (src)
    return (
      <img
        src={src}
        alt=""
        width={size}
        height={size}
        loading="lazy"
        decoding="async"
        className="shrink-0 rounded-full object-cover"
        style={style}
      />
    )
  return (
    <span
      aria-hidden
      className="flex shrink-0 items-center justify-center rounded-full bg-[var(--accent)] font-semibold text-[var(--accent-contrast,#fff)]"
      style={{ ...style, fontSize: size * 0.38 }}
    >
      {initialsOf(name)}
    </span>
  )
}

/** "há 3 dias", relative to the page's render, for a last activity. */
export function sinceText(at: number | null, now: number): string {
  if (at === null) return "Sem atividade"
  const days = Math.floor((now - at) / 86_400_000)
  if (days <= 0) return "Ativo hoje"
  if (days === 1) return "Ativo ontem"
  if (days < 30) return `Ativo há ${days} dias`
  const months = Math.floor(days / 30)
  return months === 1 ? "Ativo há 1 mês" : `Ativo há ${months} meses`
}
