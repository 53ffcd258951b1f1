import { Eye, EyeOff } from "lucide-react"
import { type InputHTMLAttributes, type ReactNode, useId, useState } from "react"

/** The centred card every account screen uses. */
export function AuthCard({
  title,
  subtitle,
  children,
}: {
  title: string
  subtitle?: ReactNode
  children: ReactNode
}) {
  return (
    <div className="mx-auto w-full max-w-md px-4 py-12">
      <div className="rounded-3xl surface p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
        {subtitle && <div className="mt-2 text-sm text-muted">{subtitle}</div>}
        <div className="mt-6">{children}</div>
      </div>
    </div>
  )
}

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "id"> {
  /** Given when the form moves focus to the field; generated otherwise. */
  readonly id?: string | undefined
  readonly label: string
  readonly error?: string | undefined
  readonly revealable?: boolean
}

/** A labelled input whose error is announced and linked to it (aria-describedby). */
export function Field({ id: givenId, label, error, revealable, type, ...input }: FieldProps) {
  const generatedId = useId()
  const id = givenId ?? generatedId
  const [shown, setShown] = useState(false)
  return (
    <div className="mb-4">
      <label htmlFor={id} className="mb-1 block text-sm font-medium">
        {label}
      </label>
      <div className="relative">
        <input
          id={id}
          type={revealable && shown ? "text" : type}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className={`min-h-11 w-full rounded-xl border bg-[var(--surface)] px-3 ${revealable ? "pr-12" : ""} ${
            error ? "border-red-600" : "border-theme"
          }`}
          {...input}
        />
        {revealable && (
          <button
            type="button"
            className="absolute inset-y-0 right-0 flex w-11 items-center justify-center text-muted"
            aria-label={shown ? "Ocultar senha" : "Mostrar senha"}
            aria-pressed={shown}
            onClick={() => setShown((v) => !v)}
          >
            {shown ? <EyeOff aria-hidden className="h-4 w-4" /> : <Eye aria-hidden className="h-4 w-4" />}
          </button>
        )}
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  )
}

export function FormError({ message }: { message: string | null }) {
  if (!message) return null
  return (
    <p
      role="alert"
      className="mb-4 rounded-xl bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-950 dark:text-red-200"
    >
      {message}
    </p>
  )
}

export function StrengthMeter({ score, label }: { score: number; label: string }) {
  const color =
    score >= 80
      ? "bg-emerald-600"
      : score >= 60
        ? "bg-amber-500"
        : score >= 40
          ? "bg-orange-500"
          : "bg-red-600"
  return (
    <div className="mb-4" aria-live="polite">
      <div className="h-2 overflow-hidden rounded-full surface-2" aria-hidden>
        <div className={`h-full ${color} transition-all`} style={{ width: `${score}%` }} />
      </div>
      <p className="mt-1 text-xs text-muted">
        Força da senha: <strong>{label}</strong>
      </p>
    </div>
  )
}

interface PasswordFieldProps {
  readonly label: string
  readonly value: string
  readonly onValue: (value: string) => void
  readonly error?: string | undefined
  readonly autoComplete: "current-password" | "new-password"
}

/** A password input with show/hide, as every account form uses it. */
export function PasswordField({ label, value, onValue, error, autoComplete }: PasswordFieldProps) {
  return (
    <Field
      label={label}
      type="password"
      autoComplete={autoComplete}
      revealable
      value={value}
      onChange={(e) => onValue(e.target.value)}
      error={error}
    />
  )
}

/** The e-mail input of every account form. */
export function EmailField({
  value,
  onValue,
  error,
}: {
  value: string
  onValue: (v: string) => void
  error?: string | undefined
}) {
  return (
    <Field
      label="E-mail"
      type="email"
      autoComplete="email"
      value={value}
      onChange={(e) => onValue(e.target.value)}
      error={error}
    />
  )
}
