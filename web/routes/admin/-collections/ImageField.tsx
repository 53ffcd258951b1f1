import { ImageUp } from "lucide-react"
import { useState } from "react"
import { CATALOG_ADMIN_MESSAGES } from "../../../../domain/catalogAdmin/messages"
import { mediaVariant } from "../../../components/Img"
import { toast } from "../../../lib/toast"

/** The server's multipart route (server/http/adminImageUpload.ts): it checks, resizes and compresses. */
const UPLOAD_URL = "/api/admin/images"

async function upload(file: File): Promise<string> {
  const body = new FormData()
  body.append("image", file)
  const response = await fetch(UPLOAD_URL, { method: "POST", body, credentials: "same-origin" })
  const answer = (await response.json().catch(() => null)) as {
    url?: string
    error?: { message?: string }
  } | null
  if (!response.ok || !answer?.url)
    throw new Error(answer?.error?.message ?? CATALOG_ADMIN_MESSAGES.processImage)
  return answer.url
}

/**
 * Picks an image and uploads it at once; the form keeps only the URL the server answers. The browser's check of
 * the type is a courtesy: the server decides by the file's content.
 */
export function ImageField({
  id,
  label,
  value,
  onChange,
  error,
}: {
  id: string
  label: string
  value: string | null
  onChange: (url: string) => void
  error?: string | undefined
}) {
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const shown = failure ?? error
  const pick = async (file: File | undefined) => {
    if (!file) return
    setFailure(null)
    if (!file.type.startsWith("image/")) {
      setFailure(CATALOG_ADMIN_MESSAGES.notAnImage)
      toast.error(CATALOG_ADMIN_MESSAGES.notAnImage)
      return
    }
    setBusy(true)
    try {
      onChange(await upload(file))
    } catch (e) {
      const message = e instanceof Error ? e.message : CATALOG_ADMIN_MESSAGES.processImage
      setFailure(message)
      toast.error(message)
    } finally {
      setBusy(false)
    }
  }
  return (
    <div className="grid grid-cols-1 content-start gap-2">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <div className="flex items-center gap-3">
        {value ? (
          <img
            src={mediaVariant(value, 256)}
            alt="Pré-visualização da imagem"
            width={64}
            height={64}
            className="h-16 w-16 rounded-lg object-cover"
            data-testid={`${id}-preview`}
          />
        ) : (
          <span className="flex h-16 w-16 items-center justify-center rounded-lg surface-2 text-muted">
            <ImageUp aria-hidden className="h-6 w-6" />
          </span>
        )}
        <input
          id={id}
          type="file"
          accept="image/*"
          aria-describedby={`${id}-hint${shown ? ` ${id}-error` : ""}`}
          aria-invalid={shown ? true : undefined}
          disabled={busy}
          onChange={(e) => {
            void pick(e.target.files?.[0])
            e.target.value = ""
          }}
          className="min-w-0 flex-1 text-sm"
        />
      </div>
      <p id={`${id}-hint`} className="text-xs text-muted" aria-live="polite">
        {busy ? "Enviando e comprimindo imagem..." : "A imagem é reduzida para até 800 px e 200 KB (JPEG)."}
      </p>
      {shown && (
        <p id={`${id}-error`} className="text-sm text-red-700 dark:text-red-300">
          {shown}
        </p>
      )}
    </div>
  )
}
