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

export function StatTiles({ items }: { items: readonly { label: string; value: React.ReactNode }[] }) {
  return (
    <dl className="mt-6 grid grid-cols-3 gap-3 text-center">
      {items.map((item) => (
        <div key={item.label} className="rounded-xl surface-2 p-3">
          <dt className="text-xs text-muted">{item.label}</dt>
          <dd className="text-2xl font-bold">{item.value}</dd>
        </div>
      ))}
    </dl>
  )
}
