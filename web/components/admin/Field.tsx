import type { ReactNode } from "react"

/** An admin form's text control; the one its Field marks aria-invalid turns red, as the checkout's do. */
export const fieldClass =
  "min-h-11 w-full rounded-xl border border-theme bg-[var(--surface)] px-3 aria-[invalid=true]:border-red-600"

/** What a Field gives its control: its id, and the error's and hint's ties. */
export interface FieldControlProps {
  readonly id: string
  readonly "aria-describedby"?: string
  readonly "aria-invalid"?: boolean
}

/**
 * A labelled control with its error linked by aria-describedby: `children` gets the id and the describedby to
 * put on the control, so a screen reader reads the error with it.
 */
export function Field({
  id,
  label,
  error,
  hint,
  children,
}: {
  id: string
  label: string
  error?: string | undefined
  hint?: string
  children: (props: FieldControlProps) => ReactNode
}) {
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ")
  return (
    <div className="grid content-start gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {children({
        id,
        ...(described ? { "aria-describedby": described } : {}),
        ...(error ? { "aria-invalid": true } : {}),
      })}
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
    </div>
  )
}

/** Moves focus to the first control the form marked invalid, so keyboard and screen-reader users land on it. */
export function focusFirstError(form: HTMLFormElement | null) {
  requestAnimationFrame(() => form?.querySelector<HTMLElement>("[aria-invalid=true]")?.focus())
}

/** The server's field errors (the same domain rules) when its refusal carries them. */
export function serverFieldErrors(error: unknown): Record<string, string> {
  const data = (error as { data?: { fieldErrors?: Record<string, string> } } | null)?.data
  // An edit nests the form under `draft`: its fields are the form's all the same.
  return Object.fromEntries(
    Object.entries(data?.fieldErrors ?? {}).map(([key, message]) => [key.replace(/^draft\./, ""), message]),
  )
}

export const errorMessage = (error: unknown, fallback: string) =>
  error instanceof Error && error.message ? error.message : fallback
