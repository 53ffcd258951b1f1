import { AlertCircle } from "lucide-react"
import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes } from "react"

/** A text control's classes: the red border of an invalid one (with its aria-invalid) or the theme's. */
export const control = (error: string | null | undefined) =>
  `min-h-11 w-full rounded-xl border bg-[var(--surface)] px-3 ${error ? "border-red-600" : "border-theme"}`

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "id"> {
  readonly id: string
  readonly label: string
  readonly error?: string | undefined
  readonly hint?: string
  readonly className?: string
}

/** A labelled input; its error (and hint) are tied to it with aria-describedby and announced. */
export function TextField({ id, label, error, hint, className = "", ...input }: TextFieldProps) {
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ")
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        className={control(error)}
        {...input}
      />
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-muted">
          {hint}
        </p>
      )}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  )
}

interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, "id"> {
  readonly id: string
  readonly label: string
  readonly error?: string | undefined
  readonly className?: string
  readonly children: ReactNode
}

export function SelectField({ id, label, error, className = "", children, ...select }: SelectFieldProps) {
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium">
        {label}
      </label>
      <select
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={control(error)}
        {...select}
      >
        {children}
      </select>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  )
}

export function FieldError({ id, message }: { id: string; message: string | null | undefined }) {
  if (!message) return null
  return (
    <p id={id} role="alert" className="mt-1 text-sm text-red-700 dark:text-red-400">
      {message}
    </p>
  )
}

/** The destructive notice of a step ("Erro no pagamento", ...). */
export function StepError({ title, message, id }: { title?: string; message: string | null; id?: string }) {
  if (!message) return null
  return (
    <div
      id={id}
      role="alert"
      className="mb-5 flex gap-3 rounded-xl border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
    >
      <AlertCircle aria-hidden className="mt-0.5 h-5 w-5 shrink-0" />
      <div>
        {title && <p className="font-semibold">{title}</p>}
        <p>{message}</p>
      </div>
    </div>
  )
}

export function Spinner({ className = "h-4 w-4" }: { className?: string }) {
  return (
    <span
      aria-hidden
      className={`inline-block animate-spin rounded-full border-2 border-current border-r-transparent ${className}`}
    />
  )
}
