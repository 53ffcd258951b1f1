import { Img } from "./Img"

/** A collection's cover, as the largest image of the page (loaded first). */
export function CoverImage({ name, src, className }: { name: string; src: string; className: string }) {
  return (
    <Img
      src={src}
      alt={`Capa da coleção ${name}`}
      width={1200}
      height={630}
      priority
      sizes="(min-width: 1024px) 50vw, 100vw"
      className={className}
    />
  )
}

/**
 * Three figures side by side from `sm` up; on a phone a third of the card is narrower than a price such as
 * "R$ 299,90" in large type, so each figure gets its own row (label left, value right) instead.
 */
export function StatTiles({ items }: { items: readonly { label: string; value: React.ReactNode }[] }) {
  return (
    <dl className="mt-6 grid grid-cols-1 gap-2 sm:grid-cols-3 sm:gap-3 sm:text-center">
      {items.map((item) => (
        <div
          key={item.label}
          className="flex items-center justify-between gap-3 rounded-xl surface-2 px-3 py-2 sm:block sm:p-3"
        >
          <dt className="text-xs text-muted">{item.label}</dt>
          <dd className="text-xl font-bold sm:text-2xl">{item.value}</dd>
        </div>
      ))}
    </dl>
  )
}
