import { Link } from "@tanstack/react-router"
import { Package } from "lucide-react"
import { Img } from "../../components/Img"
import type { RouterOutputs } from "../../lib/trpc"

type Piece = Extract<
  RouterOutputs["communityProfiles"]["profile"],
  { visibility: "public" }
>["pieces"][number]

/** The collector's pieces bought in this store (not revoked), one card per character with its units. */
export function StorePieces({ pieces }: { pieces: readonly Piece[] }) {
  if (pieces.length === 0)
    return (
      <p className="rounded-2xl surface p-6 text-center text-muted">
        <Package aria-hidden className="mx-auto mb-2 h-8 w-8" />
        Nenhuma peça na estante ainda.
      </p>
    )
  return (
    <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4" data-testid="store-pieces">
      {pieces.map((p) => (
        <li key={p.productId} className="overflow-hidden rounded-2xl surface">
          <Link to="/character/$characterId" params={{ characterId: p.productId }} className="block">
            {p.imageUrl ? (
              <Img
                src={p.imageUrl}
                alt={p.name}
                width={384}
                height={384}
                sizes="200px"
                className="aspect-square w-full object-cover"
              />
            ) : (
              <div className="aspect-square w-full surface-2" />
            )}
            <div className="p-3">
              <p className="font-semibold leading-tight">{p.name}</p>
              <p className="text-xs text-muted">{p.collectionName}</p>
              {p.units > 1 && <p className="mt-1 text-xs font-medium">{p.units} unidades</p>}
            </div>
          </Link>
        </li>
      ))}
    </ul>
  )
}
