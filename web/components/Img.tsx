import { ImageOff } from "lucide-react"
import { useState } from "react"

interface ImgProps {
  readonly src: string
  readonly alt: string
  readonly width: number
  readonly height: number
  /** Above the fold (the page's largest image): load eagerly with high priority. */
  readonly priority?: boolean
  readonly sizes?: string
  readonly className?: string
}

/** Widths the media route renders (adapters/media/rasterize.ts): bitmaps of the stored artwork. */
const WIDTHS = [256, 384, 640, 750, 828, 1080, 1200, 1920, 2048]

// Stored originals: drawn artwork (.svg) or an image uploaded in the admin area (.jpeg).
const ORIGINAL = /^(\/media\/[^?#]+)\.(svg|jpeg)$/
const isMedia = (src: string) => ORIGINAL.test(src)
export const mediaVariant = (src: string, w: number, format: "webp" | "jpg" = "webp") => {
  const match = ORIGINAL.exec(src)
  return match ? `${match[1]}.${format}?w=${w}` : src
}

/** Responsive image: lazy below the fold, a placeholder when it fails to load. */
export function Img({ src, alt, width, height, priority, sizes = "100vw", className = "" }: ImgProps) {
  const [failed, setFailed] = useState(false)
  if (failed) {
    return (
      <div
        role="img"
        aria-label={`${alt} — Falha ao carregar imagem`}
        className={`flex items-center justify-center surface-2 text-muted ${className}`}
        style={{ aspectRatio: `${width} / ${height}` }}
      >
        <ImageOff aria-hidden className="h-8 w-8" />
      </div>
    )
  }
  const responsive = isMedia(src)
  return (
    <img
      src={mediaVariant(src, 640)}
      srcSet={responsive ? WIDTHS.map((w) => `${mediaVariant(src, w)} ${w}w`).join(", ") : undefined}
      sizes={responsive ? sizes : undefined}
      alt={alt}
      width={width}
      height={height}
      loading={priority ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : "auto"}
      decoding={priority ? "sync" : "async"}
      onError={() => setFailed(true)}
      className={className}
    />
  )
}
